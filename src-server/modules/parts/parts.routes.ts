/** Parts: list and detail with quantity on hand, fills and inventory counts, inventory report. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PartListQuery, PartQuantityBody, type Part, type PartQuantityRecord, type PartQuantityRequest } from '../../../shared/api/parts.js';
import { PartCostsPatch } from '../../../shared/api/stock-ledger.js';
import { unitsToCents } from '../../../shared/rules/money.js';
import type { AppDeps } from '../../deps.js';
import { currentUser } from '../../http/access.js';
import { nowIso } from '../../http/clock.js';
import { addFieldError, notFound, nothingToChange, throwIfErrors, type FieldErrors } from '../../http/errors.js';
import { partCostField } from '../../http/numbers.js';
import { shownTo } from '../../models/model-record.js';
import { hasFullAccess } from '../users/full-access.js';
import { requestOrigin } from '../../http/origin.js';
import { pageOf, pageWindow } from '../../http/pagination.js';
import { IdParams } from '../../http/params.js';
import { doesNotExist } from '../../http/relations.js';
import { registerInventoryReport } from '../../reports/inventory-report.js';
import { registerQuantityRoutes } from '../stock/quantity-routes.js';
import { partInventoryReport } from './parts.report.js';
import { presentPart, presentPartQuantityRecord } from './parts.presenter.js';
import { type PartCosts, type PartRow } from './parts.repository.js';

export async function partsRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { config, repositories, models } = deps;
  const parts = repositories.parts;

  /** Parts as the caller sees them: through the model's limited view without full access (no unit cost). */
  const present = (request: FastifyRequest, rows: PartRow[]): Part[] => {
    const origin = requestOrigin(request);
    return shownTo(models.parts, hasFullAccess(currentUser(request)), rows.map((r) => presentPart(r, origin)));
  };

  app.get<{ Querystring: PartListQuery }>('/parts/list/', { schema: { querystring: PartListQuery }, config: { access: models.parts.read } }, async (request) => {
    const window = pageWindow(request.query.page);
    const { count, rows } = await parts.page(request.query.location, window);
    return pageOf(request, window, count, present(request, rows));
  });

  // Declared before `/parts/:id/` only for the reader: the router prefers a static path anyway.
  app.get(
    '/parts/short/',
    { schema: { description: 'The parts short now: below zero on hand, or at or under their reorder point, in name order (a plain list).' }, config: { access: 'full' } },
    async (request): Promise<Part[]> => present(request, await parts.short()),
  );

  app.get<{ Params: IdParams }>('/parts/:id/', { schema: { params: IdParams }, config: { access: models.parts.read } }, async (request) => {
    const row = await parts.findById(request.params.id);
    if (!row) throw notFound();
    return present(request, [row])[0];
  });

  app.patch<{ Params: IdParams; Body: PartCostsPatch }>(
    '/parts/:id/',
    {
      schema: {
        params: IdParams,
        body: PartCostsPatch,
        description: "Sets the part's `unit_cost` (0 or more, to the cent; later issues keep it, earlier ones keep theirs) and `reorder_point` (0 or more, or null for none). Full access only.",
      },
      config: { access: 'full' },
    },
    async (request): Promise<Part> => {
      const body = request.body;
      if (body.unit_cost === undefined && body.reorder_point === undefined) throw nothingToChange();
      const errors: FieldErrors = {};
      const costs: PartCosts = {};
      if (body.unit_cost !== undefined) {
        const units = partCostField(errors, 'unit_cost', body.unit_cost);
        if (units !== null) costs.unit_cost_cents = unitsToCents(units);
      }
      if (body.reorder_point === null) costs.reorder_point = null;
      else if (body.reorder_point !== undefined) {
        const point = partCostField(errors, 'reorder_point', body.reorder_point);
        if (point !== null) costs.reorder_point = point;
      }
      throwIfErrors(errors);
      const row = await parts.updateCosts(request.params.id, costs, currentUser(request).id, nowIso());
      if (!row) throw notFound();
      return present(request, [row])[0]!;
    },
  );

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
