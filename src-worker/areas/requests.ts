/**
 * Requests from a label (shared/areas/requests.ts; docs/decisions.md: Requests at the label): the
 * visitor's calls, sent without an account, through the reports kept on the device
 * (src-worker/visitor/visitor-reports.ts); and the triage of full-access users.
 */
import { t } from '../../shared/i18n/translate.js';
import type { Page } from '../../shared/api/common.js';
import type { RequestStatusView, WorkRequest } from '../../shared/api/requests.js';
import type { KeptReport } from '../../shared/areas/requests.js';
import type { VisitorReportRow } from '../../shared/data/db-schema.js';
import { QUEUED_MESSAGES, SCREEN_MESSAGES, SUCCESS_MESSAGES } from '../../shared/data/messages.js';
import type { WorkOrder } from '../../shared/api/workorders.js';
import { REQUEST_LIST, WORKORDER_LIST } from '../../shared/rules/list-rules.js';
import { readThroughCache } from '../cache/cached-read.js';
import { defineArea } from '../kit/area.js';
import type { AreaContext } from '../kit/area-context.js';
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

const rejectRequest = defineWrite<WorkRequest, { reason: string; duplicate_of?: number }>({
  area: 'requests',
  action: 'reject',
  request: (item) => ({ method: 'POST', path: `requests/${item.targetId ?? ''}/reject/`, json: item.payload }),
  invalidates: stale,
  // The request as it now stands goes into the working set at once: an offline list shows it decided.
  saves: (request) => ({ key: `requests/${request.id}/`, id: String(request.id), synced: 'requests' }),
  messages: { success: SUCCESS_MESSAGES.requests.rejected, queued: QUEUED_MESSAGES.requests.reject, failure: SCREEN_MESSAGES.requests.reject },
});

const target = (id: number) => ({ targetId: String(id), targetLabel: t('Request #{id}', { id }) });

/** How many open orders "Already open here" shows at most. */
const OPEN_HERE_SHOWN = 10;

/** The open work orders at a request's place: on its asset first, then the newest. */
async function openHere(ctx: AreaContext, request: Pick<WorkRequest, 'location' | 'asset'>): Promise<WorkOrder[]> {
  const here = (o: WorkOrder) => o.location_id === request.location.id && o.status !== 'Completed';
  const kept = await ctx.workingSet.matching<WorkOrder>('workorders', here);
  const orders = kept ? kept.data : (await workorders.list(ctx, 1, { location: request.location.id })).data.results.filter(here);
  const onAsset = (o: WorkOrder) => Number(request.asset !== null && o.asset_id === request.asset.id);
  return [...orders].sort((a, b) => onAsset(b) - onAsset(a) || WORKORDER_LIST.compare(a, b)).slice(0, OPEN_HERE_SHOWN);
}

/** What a tab may see of a kept report (not its photo's bytes, not the hidden field). */
const shown = (row: VisitorReportRow): KeptReport => ({ key: row.key, place: row.place, code: row.code, description: row.description, createdAt: row.createdAt, state: row.state, taken: row.taken, refusal: row.refusal });

export const area = defineArea({
  name: 'requests',
  writes: [acceptRequest, rejectRequest],
  calls: (ctx) => ({
    list: ({ page, status }) => {
      const path = `${LIST_PREFIX}page=${page > 0 ? page : 1}${status ? `&status=${status}` : ''}`;
      // Offline, from the requests the working set keeps (new ones, and those decided lately).
      const kept = () => ctx.workingSet.page<WorkRequest>('requests', REQUEST_LIST, { page: page > 0 ? page : 1 }, status ? (r) => r.status === status : undefined);
      return readThroughCache(ctx.cache, path, () => ctx.http.request<Page<WorkRequest>>({ path }), kept);
    },
    openHere: (request) => openHere(ctx, request),
    accept: (id) => writeOrQueue(ctx, acceptRequest, { ...target(id), payload: {} }),
    reject: (id, reason, duplicateOf) => writeOrQueue(ctx, rejectRequest, { ...target(id), payload: { reason: reason.trim(), ...(duplicateOf ? { duplicate_of: duplicateOf } : {}) } }),
    form: (label) => ctx.visitorReports.place(label),
    send: async (input, place) => {
      const outcome = await ctx.visitorReports.send(await ctx.visitorReports.keep(input, place), { progress: input.photo !== null });
      if (outcome.state === 'sent') return { state: 'sent', taken: outcome.row.taken! };
      if (outcome.state === 'waiting') return { state: 'kept', busy: outcome.error.status === 429 };
      // Refused while the visitor is at the form: they correct it there, nothing is kept.
      await ctx.visitorReports.forget(input.key);
      throw outcome.error;
    },
    keptReports: async () => (await ctx.visitorReports.list()).map(shown),
    sendKept: async () => {
      await ctx.visitorReports.sendWaiting();
      return (await ctx.visitorReports.list()).map(shown);
    },
    status: (token) => ctx.http.request<RequestStatusView>({ path: `public/requests/${encodeURIComponent(token)}/`, auth: false }),
  }),
});
