/**
 * GET assets/{id}/history/ (shared/api/asset-history.ts): the asset's work orders and the task
 * completions that name it, newest first, pages of 10. The asset's own access (its model record's):
 * a limited user reads no asset, so no asset's history either.
 */
import type { FastifyInstance } from 'fastify';
import type { AssetHistoryEntry } from '../../../shared/api/asset-history.js';
import type { Page } from '../../../shared/api/common.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../http/errors.js';
import { PageQuery, pageOf, pageWindow } from '../../http/pagination.js';
import { IdParams } from '../../http/params.js';
import { presentAssetHistoryEntry } from './assets.presenter.js';

export async function assetHistoryRoutes(app: FastifyInstance, { repositories, models }: AppDeps): Promise<void> {
  const assets = repositories.assets;
  const history = repositories.assetHistory;

  app.get<{ Params: IdParams; Querystring: PageQuery }>(
    '/assets/:id/history/',
    {
      schema: {
        params: IdParams,
        querystring: PageQuery,
        description:
          "The asset's history, newest first, pages of 10: the work orders linked to it (`kind: workorder`, at the time reported) and the completions of the tasks at its location whose description or field notes name it by name or code (`kind: task_completion`).",
      },
      config: { access: models.assets.read },
    },
    async (request): Promise<Page<AssetHistoryEntry>> => {
      const asset = await assets.findById(request.params.id);
      if (!asset) throw notFound();
      const window = pageWindow(request.query.page);
      const { count, rows } = await history.page(asset, window);
      const people = await repositories.users.refsOf(rows.map((r) => r.by_id));
      return pageOf(request, window, count, rows.map((row) => presentAssetHistoryEntry(row, people)));
    },
  );
}
