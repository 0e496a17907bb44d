/** The Contact Us form's call from a tab to the data worker (`src-worker/areas/contact.ts`). */
export interface ContactCalls {
  send(input: { name: string; email: string; message: string }): Promise<void>;
}
