/**
 * An area of the data worker: its name (an entry of `shared/areas/registry.ts`), its WorkerApi
 * group built over the DomainContext, and its writes, each defined once (`outbox/write-action.ts`).
 * A module under `src-worker/domains/` that exports `area = defineArea({...})` is found and wired
 * by `domains/index.ts`: its group joins the WorkerApi and its writes become outbox handlers in the
 * data worker and the service worker alike.
 */
import type { AreaApis, AreaName } from '../../shared/areas/registry.js';
import type { WriteAction } from '../outbox/write-action.js';
import type { DomainContext } from './domain-context.js';

export interface AreaModule<N extends AreaName = AreaName> {
  name: N;
  /** The area's WorkerApi group. */
  api(ctx: DomainContext): AreaApis[N];
  /** Every offline-capable write of the area (replayed from the outbox by domain:action). */
  writes?: readonly WriteAction<unknown>[];
}

export function defineArea<N extends AreaName>(area: AreaModule<N>): AreaModule<N> {
  for (const write of area.writes ?? []) {
    if (write.domain !== area.name) throw new Error(`area ${area.name}: write ${write.domain}:${write.action} belongs to another area`);
  }
  return area;
}
