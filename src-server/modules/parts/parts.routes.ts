/** Parts: list and detail with quantity on hand, fills and inventory counts, inventory report. */
import type { FastifyInstance } from 'fastify';
import { PartListQuery, PartQuantityBody, type PartQuantityRecord, type PartQuantityRequest } from '../../../shared/api/parts.js';
import type { AppDeps } from '../../deps.js';
import { addFieldError, notFound } from '../../http/errors.js';
import { requestOrigin } from '../../http/origin.js';
import { pageOf, pageWindow } from '../../http/pagination.js';
import { IdParams } from '../../http/params.js';
import { doesNotExist } from '../../http/relations.js';
import { registerInventoryReport } from '../../reports/inventory-report.js';
import { registerQuantityRoutes } from '../stock/quantity-routes.js';
import { partInventoryReport } from './parts.report.js';
import { presentPart, presentPartQuantityRecord } from './parts.presenter.js';
import { type PartRow } from './parts.repository.js';

export async function partsRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { config, repositories, models } = deps;
  const parts = repositories.parts;

  app.get<{ Querystring: PartListQuery }>('/parts/list/', { schema: { querystring: PartListQuery }, config: { access: models.parts.read } }, async (request) => {
    const window = pageWindow(request.query.page);
    const { count, rows } = await parts.page(request.query.location, window);
    const origin = requestOrigin(request);
    return pageOf(request, window, count, rows.map((r) => presentPart(r, origin)));
  });

  app.get<{ Params: IdParams }>('/parts/:id/', { schema: { params: IdParams }, config: { access: models.parts.read } }, async (request) => {
    const row = await parts.findById(request.params.id);
    if (!row) throw notFound();
    return presentPart(row, requestOrigin(request));
  });

  registerQuantityRoutes<PartQuantityRequest, PartRow, PartQuantityRecord>(app, { config, repositories }, {
    body: PartQuantityBody,
    item: 'part',
    async target(b, errors) {
      const part = await parts.findById(b.part);
      if (!part) addFieldError(errors, 'part', doesNotExist(b.part));
      return part ?? null;
    },
    stockId: (part) => part.id,
    answer: (_part, record, currentQuantity) => presentPartQuantityRecord(record, currentQuantity),
  });

  registerInventoryReport(app, deps, partInventoryReport);
}
