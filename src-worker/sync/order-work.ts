/**
 * A technician's own work, kept for offline (docs/decisions.md: What the work costs): the labour
 * entries and parts used of the open orders the signed-in user claimed are read into the response
 * cache with each pull of the working set, so the order's Labour and Parts sections show offline even
 * on an order never opened on this device. Each pull reads those of its orders the pull changed (an
 * entry or a move is a change of its order) and those not kept yet, at most ORDER_WORK_MAX reads a
 * pull: a technician holds a few orders. Best effort: a read that fails is read when the section opens,
 * and nothing here fails the pull (its caller drops any error).
 */
import type { WorkOrder } from '../../shared/api/workorders.js';
import { labourPath } from '../areas/labour.js';
import { orderPartsPath } from '../areas/partmoves.js';
import type { ResponseCache } from '../cache/response-cache.js';
import type { HttpClient } from '../http/http-client.js';
import type { SessionStore } from '../session/session-store.js';
import type { WorkingSet } from './working-set.js';

const ORDER_WORK_MAX = 40;

export interface OrderWorkDeps {
  http: HttpClient;
  cache: ResponseCache;
  workingSet: WorkingSet;
  session: SessionStore;
}

export async function keepOrderWork(deps: OrderWorkDeps, changedOrders: ReadonlySet<string> | undefined): Promise<void> {
  const user = await deps.session.user();
  if (!user) return;
  const mine = await deps.workingSet.matching<WorkOrder>('workorders', (order) => order.status !== 'Completed' && order.assigned_to.some((u) => u.id === user.id));
  if (!mine) return;
  let reads = 0;
  for (const order of mine.data.sort((a, b) => b.id - a.id)) {
    for (const path of [labourPath(String(order.id)), orderPartsPath(order.id)]) {
      if (reads >= ORDER_WORK_MAX) return;
      if (!changedOrders?.has(String(order.id)) && (await deps.cache.get(path)) !== null) continue;
      reads++;
      try {
        await deps.cache.put(path, await deps.http.request<unknown>({ path, spinner: false }));
      } catch {
        // Kept as it was: the section reads it again when it opens.
      }
    }
  }
}
