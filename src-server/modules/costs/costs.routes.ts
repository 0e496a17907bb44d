/**
 * GET assets/{id}/costs/ and locations/{id}/costs/: what the work at an asset or a location cost
 * this calendar year (shared/api/costs.ts), for the detail screens. Full access only: the access
 * every route has unless it says otherwise (http/access.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { YearCosts } from '../../../shared/api/costs.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../http/errors.js';
import { IdParams } from '../../http/params.js';
import { CostFigures } from './costs.figures.js';

export async function costsRoutes(app: FastifyInstance, { repositories, config }: AppDeps): Promise<void> {
  const figures = new CostFigures(repositories, config.timeZone);
  const description = (what: string) =>
    `What the work on the ${what}'s orders cost this calendar year in the site's time zone: labour (when its time started) and parts (when issued or returned), and their total.`;

  app.get<{ Params: IdParams }>('/assets/:id/costs/', { schema: { params: IdParams, description: description('asset') } }, async (request): Promise<YearCosts> => {
    if (!(await repositories.assets.findById(request.params.id))) throw notFound();
    return figures.thisYear({ by: 'asset_id', id: request.params.id });
  });

  app.get<{ Params: IdParams }>('/locations/:id/costs/', { schema: { params: IdParams, description: description('location') } }, async (request): Promise<YearCosts> => {
    if (!(await repositories.locations.findById(request.params.id))) throw notFound();
    return figures.thisYear({ by: 'location_id', id: request.params.id });
  });
}
