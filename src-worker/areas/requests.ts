/**
 * Requests from a label (shared/areas/requests.ts; docs/decisions.md: Requests at the label): the
 * visitor's calls, sent without an account. A photo is made to fit on the device first, as a work
 * order's is; the key the form keeps goes as the Idempotency-Key, so a send repeated is one request.
 */
import type { Page } from '../../shared/api/common.js';
import type { RequestForm, RequestStatusView, RequestTaken, WorkRequest } from '../../shared/api/requests.js';
import type { VisitorRequest } from '../../shared/areas/requests.js';
import { QUEUED_MESSAGES, SCREEN_MESSAGES, SUCCESS_MESSAGES } from '../../shared/data/messages.js';
import { readThroughCache } from '../cache/cached-read.js';
import { defineArea } from '../kit/area.js';
import { fitAttachments } from '../media/fit-image.js';
import { defineWrite } from '../outbox/write-action.js';
import { writeOrQueue } from '../outbox/write-or-queue.js';
import { workorders } from './workorders.js';

const LIST_PREFIX = 'requests/?';
/** A decision changes the request's pages (and opens a work order, whose lists are read again when opened). */
const stale = () => ({ prefixes: [LIST_PREFIX, workorders.listPrefix] });

const acceptRequest = defineWrite<{ work_order_id: number }, Record<string, never>>({
  area: 'requests',
  action: 'accept',
  request: (item) => ({ method: 'POST', path: `requests/${item.targetId ?? ''}/accept/` }),
  invalidates: stale,
  messages: { success: SUCCESS_MESSAGES.requests.accepted, queued: QUEUED_MESSAGES.requests.accept, failure: SCREEN_MESSAGES.requests.accept },
});

const rejectRequest = defineWrite<WorkRequest, { reason: string }>({
  area: 'requests',
  action: 'reject',
  request: (item) => ({ method: 'POST', path: `requests/${item.targetId ?? ''}/reject/`, json: item.payload }),
  invalidates: stale,
  messages: { success: SUCCESS_MESSAGES.requests.rejected, queued: QUEUED_MESSAGES.requests.reject, failure: SCREEN_MESSAGES.requests.reject },
});

const target = (id: number) => ({ targetId: String(id), targetLabel: `Request #${id}` });

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
  writes: [acceptRequest, rejectRequest],
  calls: (ctx) => ({
    list: ({ page, status }) => {
      const path = `${LIST_PREFIX}page=${page > 0 ? page : 1}${status ? `&status=${status}` : ''}`;
      return readThroughCache(ctx.cache, path, () => ctx.http.request<Page<WorkRequest>>({ path }));
    },
    accept: (id) => writeOrQueue(ctx, acceptRequest, { ...target(id), payload: {} }),
    reject: (id, reason) => writeOrQueue(ctx, rejectRequest, { ...target(id), payload: { reason: reason.trim() } }),
    form: (label) => ctx.http.request<RequestForm>({ path: `public/requests/form/${code(label)}/`, auth: false }),
    send: async (input) => ctx.http.request<RequestTaken>({ method: 'POST', path: 'public/requests/', auth: false, idempotencyKey: input.key, reportProgress: input.photo !== null, ...(await requestBody(input)) }),
    status: (token) => ctx.http.request<RequestStatusView>({ path: `public/requests/${encodeURIComponent(token)}/`, auth: false }),
  }),
});
