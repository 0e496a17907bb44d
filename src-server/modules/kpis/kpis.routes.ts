/** GET kpis/: the key figures of /home (docs/decisions.md: Key figures on /home). */
import type { FastifyInstance } from 'fastify';
import { KPI_PERIOD_DEFAULT, KpisQuery, type Kpis } from '../../../shared/api/kpis.js';
import type { AppDeps } from '../../deps.js';
import { KpiFigures } from './kpis.figures.js';

export async function kpisRoutes(app: FastifyInstance, { repositories, config }: AppDeps): Promise<void> {
  const figures = new KpiFigures(repositories, config.site, config.timeZone);

  // Full-access users only: the access every route has unless it says otherwise (http/access.ts).
  // The schema refuses a period outside 1..KPI_PERIOD_MAX with a 400 naming the field.
  app.get<{ Querystring: KpisQuery }>(
    '/kpis/',
    { schema: { querystring: KpisQuery, description: 'Key figures: open work orders by status, age and location; mean times to claim and to complete; maintenance compliance; chemical use per 1,000 cars washed.' } },
    async (request): Promise<Kpis> => figures.compute(request.query.period ?? KPI_PERIOD_DEFAULT),
  );
}
