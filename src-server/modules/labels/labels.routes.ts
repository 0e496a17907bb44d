/**
 * Label sheets (shared/api/labels.ts; docs/decisions.md: Labels and scanning): the QR labels of the
 * assets at a location, and a location's own label. Each QR code holds the record's link under the
 * public origin (`<PUBLIC_URL>/scan/<code>`, http/origin.ts), which opens it in the app. Both need
 * full access: they are printed from the asset list and the location detail, which are full-access
 * screens, and an asset label shows what only full-access users may read.
 */
import type { FastifyInstance, FastifySchema } from 'fastify';
import { AssetLabelsQuery, LocationLabelQuery } from '../../../shared/api/label-query.js';
import { NO_ASSETS_TO_LABEL, assetLabelsFile, locationLabelFile } from '../../../shared/api/labels.js';
import { scanLink } from '../../../shared/rules/record-codes.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../http/errors.js';
import { requestOrigin } from '../../http/origin.js';
import { IdParams } from '../../http/params.js';
import { renderLabelSheet } from '../../labels/label-sheet.js';
import { sendPdf } from '../../reports/delivery.js';
import { AssetsRepository } from '../assets/assets.repository.js';
import { LocationsRepository } from '../locations/locations.repository.js';

const pdfAnswer = (file: string): FastifySchema['response'] => ({
  200: { description: `A PDF saved as ${file}: Avery 5160 sheets (US Letter, 3 × 10 labels of 2.625 × 1 in).`, content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } },
});

export async function labelsRoutes(api: FastifyInstance, { db }: AppDeps): Promise<void> {
  const assets = new AssetsRepository(db);
  const locations = new LocationsRepository(db);
  const fullAccess = { access: 'full' as const };

  api.get<{ Querystring: AssetLabelsQuery }>(
    '/assets/labels.pdf',
    {
      schema: {
        querystring: AssetLabelsQuery,
        description: 'A label for each asset at the location, by name: QR code of its link, name, code and location. 404 when the location does not exist or has no asset.',
        response: pdfAnswer(assetLabelsFile('{location}')),
      },
      config: fullAccess,
    },
    async (request, reply) => {
      const location = await locations.findById(request.query.location);
      if (!location) throw notFound();
      const rows = await assets.atLocation(location.id);
      if (rows.length === 0) throw notFound(NO_ASSETS_TO_LABEL);
      const origin = requestOrigin(request);
      const pdf = await renderLabelSheet({
        title: `Asset labels - ${location.name}`,
        labels: rows.map((row) => ({ name: [row.brand, row.name].filter(Boolean).join(' '), code: row.code, context: location.name, link: scanLink(origin, row.code) })),
      });
      return sendPdf(reply, assetLabelsFile(location.id), pdf);
    },
  );

  api.get<{ Params: IdParams; Querystring: LocationLabelQuery }>(
    '/locations/:id/label.pdf',
    {
      schema: {
        params: IdParams,
        querystring: LocationLabelQuery,
        description: "The location's own label (QR code of its link, name, code and address), `copies` times from the sheet's first place.",
        response: pdfAnswer(locationLabelFile('{id}')),
      },
      config: fullAccess,
    },
    async (request, reply) => {
      const location = await locations.findById(request.params.id);
      if (!location) throw notFound();
      const label = {
        name: location.name,
        code: location.code,
        context: [location.address, location.city].filter(Boolean).join(', '),
        link: scanLink(requestOrigin(request), location.code),
      };
      const pdf = await renderLabelSheet({ title: `Location label - ${location.name}`, labels: Array.from({ length: request.query.copies ?? 1 }, () => label) });
      return sendPdf(reply, locationLabelFile(location.id), pdf);
    },
  );
}
