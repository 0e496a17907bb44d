/**
 * An area of the data worker: its name (an entry of `shared/areas/registry.ts`), its WorkerCalls
 * group built over the AreaContext, and its writes, each defined once (`outbox/write-action.ts`).
 * A module under `src-worker/areas/` that exports `area = defineArea({...})` is found and wired
 * by `areas/index.ts`: its group joins the WorkerCalls and its writes become outbox handlers in the
 * data worker and the service worker alike.
 */
import type { AreaCalls, AreaName } from '../../shared/areas/registry.js';
import type { WriteAction } from '../outbox/write-action.js';
import type { AreaContext } from './area-context.js';

export interface AreaModule<N extends AreaName = AreaName> {
  name: N;
  /** The area's WorkerCalls group. */
  calls(ctx: AreaContext): AreaCalls[N];
  /** Every offline-capable write of the area (replayed from the outbox by area:action). */
  writes?: readonly WriteAction<unknown>[];
}

export function defineArea<N extends AreaName>(area: AreaModule<N>): AreaModule<N> {
  for (const write of area.writes ?? []) {
    if (write.area !== area.name) throw new Error(`area ${area.name}: write ${write.area}:${write.action} belongs to another area`);
  }
  return area;
}
