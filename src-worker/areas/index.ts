/// <reference types="vite/client" />
/**
 * Every area module of the data worker, found rather than listed: each `areas/<name>.ts` exports
 * `area = defineArea({...})`. The data worker builds the WorkerCalls's area groups from them and
 * the data worker and the service worker both register their writes as outbox handlers.
 */
import { AREAS, isAreaName, type AreaCalls } from '../../shared/areas/registry.js';
import type { OutboxRow } from '../../shared/data/db-schema.js';
import type { AreaModule } from '../kit/area.js';
import type { AreaContext } from '../kit/area-context.js';
import type { HandlerRegistry } from '../outbox/handlers.js';
import { registerWriteAction } from '../outbox/write-action.js';

const found = import.meta.glob<AreaModule | undefined>(['./*.ts', '!./index.ts'], { eager: true, import: 'area' });

/** Checks the modules against the registry: each known, none twice, none missing. */
export function checkAreas(modules: readonly (AreaModule | undefined)[]): AreaModule[] {
  const byName = new Map<string, AreaModule>();
  for (const module of modules) {
    if (!module) continue;
    if (!isAreaName(module.name)) throw new Error(`area module "${module.name}" has no entry in shared/areas/registry.ts`);
    if (byName.has(module.name)) throw new Error(`area "${module.name}" is defined twice`);
    byName.set(module.name, module);
  }
  const missing = Object.keys(AREAS).filter((name) => !byName.has(name));
  if (missing.length > 0) throw new Error(`no module under src-worker/areas/ for the area(s) ${missing.join(', ')}`);
  return [...byName.values()];
}

export const AREA_MODULES: readonly AreaModule[] = checkAreas(Object.values(found));

/** Each area's WorkerCalls group. */
export function createAreaApis(ctx: AreaContext, modules: readonly AreaModule[] = AREA_MODULES): AreaCalls {
  // Built from the checked modules: every AreaCalls key is present (checkAreas), each with its group.
  return Object.fromEntries(modules.map((module) => [module.name, module.calls(ctx)])) as unknown as AreaCalls;
}

export function registerAllHandlers(registry: HandlerRegistry, modules: readonly AreaModule[] = AREA_MODULES): void {
  for (const module of modules) for (const write of module.writes ?? []) registerWriteAction(registry, write);
}

/** Why a conflict kept in the outbox cannot be re-applied now, from its write's own rule (null: it can). */
export async function reapplyRefusalOf(row: OutboxRow, ctx: AreaContext, modules: readonly AreaModule[] = AREA_MODULES): Promise<string | null> {
  const write = modules.find((m) => m.name === row.domain)?.writes?.find((w) => w.action === row.action);
  if (!write?.reapplyRefusal) return null;
  return write.reapplyRefusal({ targetId: row.targetId, payload: row.payload, attachments: row.attachments, idempotencyKey: row.idempotencyKey }, ctx);
}
