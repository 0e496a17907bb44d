/**
 * Requests from a label (docs/decisions.md: Requests at the label): the visitor's form, its send
 * and the status page's read, from a tab to the data worker (`src-worker/areas/requests.ts`). They
 * need no account: the calls go without one.
 */
import type { RequestForm, RequestStatusView, RequestTaken } from '../api/requests.js';
import type { ChosenFile } from '../data/call-results.js';

/** What the visitor typed, and the photo they chose. */
export interface VisitorRequest {
  code: string;
  description: string;
  name: string;
  email: string;
  phone: string;
  /** The hidden field: left empty by people. */
  website: string;
  photo: ChosenFile | null;
  /** One key per report, kept by the form, so a send repeated after a failure is one request. */
  key: string;
}

export interface RequestsCalls {
  /** Where the label is; refused (404) when it takes no requests. */
  form(code: string): Promise<RequestForm>;
  /** Sends the report now (its photo fitted on the device first); the number and the status page's address. */
  send(input: VisitorRequest): Promise<RequestTaken>;
  /** The report's status for its sender. */
  status(token: string): Promise<RequestStatusView>;
}
