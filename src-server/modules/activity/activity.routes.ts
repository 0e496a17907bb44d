/**
 * GET <records path><id>/activity/: a record's history, newest first, pages of 10 (shared/api/activity.ts).
 * Each is read with its record's own access and answers as its record's detail does: a user who may
 * not read the record gets the same 403, and a record that does not exist the same 404. Read only:
 * the history has no write route.
 */
import type { FastifyInstance } from 'fastify';
import { ACTIVITY_RECORD_PATHS, type ActivityEntry } from '../../../shared/api/activity.js';
import type { Page } from '../../../shared/api/common.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../http/errors.js';
import { PageQuery, pageOf, pageWindow } from '../../http/pagination.js';
import { IdParams } from '../../http/params.js';
import { withHistory, type AnyModelRecord, type RecordAccess } from '../../models/model-record.js';
import { userAccountRecord } from '../users/users.model.js';
import { presentActivity } from './activity.presenter.js';

export async function activityRoutes(app: FastifyInstance, { repositories, models }: AppDeps): Promise<void> {
  const { activity } = repositories;
  // Each with its detail route's access and lookup (tests/server/permissions.test.ts and history.test.ts hold them equal).
  const records: RecordAccess<unknown>[] = [...withHistory(Object.values(models) as AnyModelRecord[]), userAccountRecord(repositories)];

  for (const record of records) {
    const { area } = record;
    app.get<{ Params: IdParams; Querystring: PageQuery }>(
      `/${ACTIVITY_RECORD_PATHS[area]}:id/activity/`,
      {
        schema: {
          params: IdParams,
          querystring: PageQuery,
          description: `The ${record.noun}'s history, newest first, pages of 10: what was done to it, by whom (\`actor\`) and when (\`at\`), with \`details\` by \`kind\` (fields changed with their old and new values, field notes, quantities). Never changed once written; answered as the ${record.noun}'s own detail is (403, 404).`,
        },
        config: { access: record.read },
      },
      async (request): Promise<Page<ActivityEntry>> => {
        if (!(await record.findById(request.params.id))) throw notFound();
        const window = pageWindow(request.query.page);
        const { count, rows } = await activity.page(area, request.params.id, window);
        const people = await repositories.users.refsOf(rows.map((r) => r.actor_id));
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
