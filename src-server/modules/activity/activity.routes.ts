/**
 * GET <records path><id>/activity/: a record's history, newest first, pages of 10 (shared/api/activity.ts).
 * Each is read with its record's own access and answers as its record's detail does: a user who may
 * not read the record gets the same 403, and a record that does not exist the same 404. Read only:
 * the history has no write route.
 */
import type { FastifyInstance } from 'fastify';
import { ACTIVITY_RECORD_PATHS, type ActivityEntity, type ActivityEntry } from '../../../shared/api/activity.js';
import type { Page } from '../../../shared/api/common.js';
import type { AppDeps } from '../../deps.js';
import type { Access } from '../../http/access.js';
import { notFound } from '../../http/errors.js';
import { PageQuery, pageOf, pageWindow } from '../../http/pagination.js';
import { IdParams } from '../../http/params.js';
import { AssetsRepository } from '../assets/assets.repository.js';
import { ChemicalsRepository } from '../chemicals/chemicals.repository.js';
import { LocationsRepository } from '../locations/locations.repository.js';
import { MaintenanceRepository } from '../maintenance/maintenance.repository.js';
import { PartsRepository } from '../parts/parts.repository.js';
import { VendorsRepository } from '../vendors/vendors.repository.js';
import { WorkOrdersRepository } from '../workorders/workorders.repository.js';
import { presentActivity } from './activity.presenter.js';
import { ActivityRepository } from './activity.repository.js';

/** Each record's history: the access of the record's detail route, and how that route finds the record. */
interface HistoryOf {
  access: Access;
  /** The record's own name in the description. */
  noun: string;
  find(id: number): Promise<unknown>;
}

export async function activityRoutes(api: FastifyInstance, { db, users }: AppDeps): Promise<void> {
  const activity = new ActivityRepository(db);
  const orders = new WorkOrdersRepository(db);
  const tasks = new MaintenanceRepository(db);
  const assets = new AssetsRepository(db);
  const locations = new LocationsRepository(db);
  const vendors = new VendorsRepository(db);
  const parts = new PartsRepository(db);
  const chemicals = new ChemicalsRepository(db);

  // The same levels as the detail routes (tests/server/permissions.test.ts and history.test.ts hold them equal).
  const records: Record<ActivityEntity, HistoryOf> = {
    workorders: { access: 'user', noun: 'work order', find: (id) => orders.findById(id) },
    maintenance: { access: 'full', noun: 'maintenance task', find: (id) => tasks.findById(id) },
    assets: { access: 'full', noun: 'asset', find: (id) => assets.findById(id) },
    locations: { access: 'user', noun: 'location', find: (id) => locations.findById(id) },
    vendors: { access: 'full', noun: 'vendor', find: (id) => vendors.findById(id) },
    parts: { access: 'full', noun: 'part', find: (id) => parts.findById(id) },
    chemicals: { access: 'full', noun: 'chemical', find: (id) => chemicals.findById(id) },
    users: { access: 'staff', noun: 'user account', find: (id) => users.findById(id) },
  };

  for (const [entity, record] of Object.entries(records) as [ActivityEntity, HistoryOf][]) {
    api.get<{ Params: IdParams; Querystring: PageQuery }>(
      `/${ACTIVITY_RECORD_PATHS[entity]}:id/activity/`,
      {
        schema: {
          params: IdParams,
          querystring: PageQuery,
          description: `The ${record.noun}'s history, newest first, pages of 10: what was done to it, by whom (\`actor\`) and when (\`at\`), with \`details\` by \`kind\` (fields changed with their old and new values, field notes, quantities). Never changed once written; answered as the ${record.noun}'s own detail is (403, 404).`,
        },
        config: { access: record.access },
      },
      async (request): Promise<Page<ActivityEntry>> => {
        if (!(await record.find(request.params.id))) throw notFound();
        const window = pageWindow(request.query.page);
        const { count, rows } = await activity.page(entity, request.params.id, window);
        const people = await activity.people(rows);
        return pageOf(
          request,
          window,
          count,
          rows.map((row) => presentActivity(row, people)),
        );
      },
    );
  }
}
