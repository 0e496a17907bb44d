/**
 * Each synced area's records as its detail endpoint answers them, read by id in one batch, and who
 * may read them (limited users: locations and work orders, as their own routes allow).
 */
import type { Kysely } from 'kysely';
import type { SyncedArea } from '../../../shared/api/sync.js';
import { todayIn } from '../../../shared/rules/task-status.js';
import type { Database } from '../../db/schema.js';
import { presentAsset } from '../assets/assets.presenter.js';
import { AssetsRepository } from '../assets/assets.repository.js';
import { presentChemicals } from '../chemicals/chemicals.presenter.js';
import { ChemicalsRepository } from '../chemicals/chemicals.repository.js';
import { presentLocation } from '../locations/locations.presenter.js';
import { LocationsRepository } from '../locations/locations.repository.js';
import { presentTask } from '../maintenance/maintenance.presenter.js';
import { MaintenanceRepository } from '../maintenance/maintenance.repository.js';
import { presentPart } from '../parts/parts.presenter.js';
import { PartsRepository } from '../parts/parts.repository.js';
import { presentVendor } from '../vendors/vendors.presenter.js';
import { VendorsRepository } from '../vendors/vendors.repository.js';
import { presentWorkOrder } from '../workorders/workorders.presenter.js';
import { WorkOrdersRepository } from '../workorders/workorders.repository.js';

/** How a record is read for a sync: its links need the request's origin, a task's status the site's today. */
export interface PresentContext {
  origin: string;
  timeZone: string;
}

export interface SyncSource {
  /** Limited users may read it (their routes: locations and work orders). */
  limitedMayRead: boolean;
  /** The records with these ids that exist, by id. */
  read(ids: readonly number[], ctx: PresentContext): Promise<Map<number, unknown>>;
}

const byId = <T extends { id: number }>(records: T[]) => new Map(records.map((r) => [r.id, r as unknown]));

export function syncSources(db: Kysely<Database>): Record<SyncedArea, SyncSource> {
  const orders = new WorkOrdersRepository(db);
  const tasks = new MaintenanceRepository(db);
  const assets = new AssetsRepository(db);
  const locations = new LocationsRepository(db);
  const vendors = new VendorsRepository(db);
  const parts = new PartsRepository(db);
  const chemicals = new ChemicalsRepository(db);
  return {
    locations: { limitedMayRead: true, read: async (ids) => byId((await locations.findByIds(ids)).map(presentLocation)) },
    workorders: {
      limitedMayRead: true,
      async read(ids, { origin }) {
        const rows = await orders.findByIds(ids);
        const relations = await orders.relationsOf(rows);
        return byId(rows.map((row) => presentWorkOrder(row, relations, origin)));
      },
    },
    maintenance: {
      limitedMayRead: false,
      async read(ids, { timeZone, origin }) {
        const rows = await tasks.findByIds(ids);
        const relations = await tasks.relationsOf(rows);
        const today = todayIn(timeZone);
        return byId(rows.map((row) => presentTask(row, relations, today, origin)));
      },
    },
    assets: {
      limitedMayRead: false,
      async read(ids, { origin }) {
        const rows = await assets.findByIds(ids);
        const relations = await assets.relationsOf(rows);
        return byId(rows.map((row) => presentAsset(row, relations, origin)));
      },
    },
    vendors: { limitedMayRead: false, read: async (ids) => byId((await vendors.findByIds(ids)).map(presentVendor)) },
    parts: { limitedMayRead: false, read: async (ids, { origin }) => byId((await parts.findByIds(ids)).map((row) => presentPart(row, origin))) },
    chemicals: {
      limitedMayRead: false,
      read: async (ids, { origin }) => byId(await presentChemicals(await chemicals.findByIds(ids), (chemicalIds) => chemicals.entriesOf(chemicalIds), origin)),
    },
  };
}
