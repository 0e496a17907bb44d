/**
 * Requests from a label (shared/areas/requests.ts; docs/decisions.md: Requests at the label): the
 * visitor's calls, sent without an account. A photo is made to fit on the device first, as a work
 * order's is; the key the form keeps goes as the Idempotency-Key, so a send repeated is one request.
 */
import type { RequestForm, RequestStatusView, RequestTaken } from '../../shared/api/requests.js';
import type { VisitorRequest } from '../../shared/areas/requests.js';
import { defineArea } from '../kit/area.js';
import { fitAttachments } from '../media/fit-image.js';

const code = (text: string) => encodeURIComponent(text.trim());

/** The body as the server takes it: JSON, or multipart with the photo. */
async function requestBody(input: VisitorRequest): Promise<{ json: object } | { form: FormData }> {
  const fields = { code: input.code, description: input.description, name: input.name, email: input.email, phone: input.phone, website: input.website };
  if (!input.photo) return { json: fields };
  const [photo] = await fitAttachments([input.photo]);
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('photo', photo!.blob as Blob, photo!.name);
  return { form };
}

export const area = defineArea({
  name: 'requests',
  calls: (ctx) => ({
    form: (label) => ctx.http.request<RequestForm>({ path: `public/requests/form/${code(label)}/`, auth: false }),
    send: async (input) => ctx.http.request<RequestTaken>({ method: 'POST', path: 'public/requests/', auth: false, idempotencyKey: input.key, reportProgress: input.photo !== null, ...(await requestBody(input)) }),
    status: (token) => ctx.http.request<RequestStatusView>({ path: `public/requests/${encodeURIComponent(token)}/`, auth: false }),
  }),
});
