/** Chemicals: list and detail with stock per location, fills and inventory counts, inventory report. */
import type { FastifyInstance } from 'fastify';
import { ChemicalListQuery, ChemicalQuantityBody, type ChemicalQuantityRecord, type ChemicalQuantityRequest } from '../../../shared/api/chemicals.js';
import type { AppDeps } from '../../deps.js';
import { addFieldError, notFound } from '../../http/errors.js';
import { requestOrigin } from '../../http/origin.js';
import { pageOf, pageWindow } from '../../http/pagination.js';
import { IdParams } from '../../http/params.js';
import { doesNotExist } from '../../http/relations.js';
import { registerInventoryReport } from '../../reports/inventory-report.js';
import { registerQuantityRoutes } from '../stock/quantity-routes.js';
import { chemicalInventoryReport } from './chemicals.report.js';
import { presentChemicalQuantityRecord, presentChemicals } from './chemicals.presenter.js';
import { type ChemicalLocationRow, type ChemicalRow } from './chemicals.repository.js';
import { t } from '../../../shared/i18n/translate.js';

export async function chemicalsRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { config, repositories, models } = deps;
  const chemicals = repositories.chemicals;

  const present = (rows: ChemicalRow[], origin: string) => presentChemicals(rows, (ids) => chemicals.entriesOf(ids), origin);

  app.get<{ Querystring: ChemicalListQuery }>('/chemicals/list/', { schema: { querystring: ChemicalListQuery }, config: { access: models.chemicals.read } }, async (request) => {
    const window = pageWindow(request.query.page);
    const { count, rows } = await chemicals.page(request.query.locations__id, window);
    return pageOf(request, window, count, await present(rows, requestOrigin(request)));
  });

  app.get<{ Params: IdParams }>('/chemicals/:id/', { schema: { params: IdParams }, config: { access: models.chemicals.read } }, async (request) => {
    const row = await chemicals.findById(request.params.id);
    if (!row) throw notFound();
    const [chemical] = await present([row], requestOrigin(request));
    return chemical;
  });

  registerQuantityRoutes<ChemicalQuantityRequest, ChemicalLocationRow, ChemicalQuantityRecord>(app, { config, repositories }, {
    body: ChemicalQuantityBody,
    item: 'chemical',
    async target(b, errors) {
      const [chemical, entry] = await Promise.all([chemicals.findById(b.chemical), chemicals.findEntry(b.chemical_location_id)]);
      if (!chemical) addFieldError(errors, 'chemical', doesNotExist(b.chemical));
      if (!entry) addFieldError(errors, 'chemical_location_id', doesNotExist(b.chemical_location_id));
      else if (chemical && entry.chemical_id !== chemical.id) addFieldError(errors, 'chemical_location_id', t('This location entry belongs to another chemical.'));
      return chemical && entry ? entry : null;
    },
    stockId: (entry) => entry.id,
    answer: (entry, record, currentQuantity) => presentChemicalQuantityRecord(record, entry, currentQuantity),
  });

  registerInventoryReport(app, deps, chemicalInventoryReport);
}
