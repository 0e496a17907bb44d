/**
 * Label sheets (shared/api/labels.ts; docs/decisions.md: Labels and scanning): the QR labels of the
 * assets at a location, and a location's own label. Each QR code holds the record's link under the
 * public origin (`<PUBLIC_URL>/scan/<code>`, http/origin.ts), which opens it in the app. Both need
 * full access: they are printed from the asset list and the location detail, which are full-access
 * screens, and an asset label shows what only full-access users may read.
 *
 * One request gives at most MAX_LABELS_PER_REQUEST labels (a location's own label at most a sheet of
 * copies, by its schema), and the sheet is built in a PDF thread (reports/pdf-pool.ts).
 */
import type { FastifyInstance, FastifySchema } from 'fastify';
import { AssetLabelsQuery, LocationLabelQuery } from '../../../shared/api/label-query.js';
import { MAX_LABELS_PER_REQUEST, NO_ASSETS_TO_LABEL, assetLabelsFile, locationLabelFile, tooManyLabels } from '../../../shared/api/labels.js';
import { scanLink } from '../../../shared/rules/record-codes.js';
import type { AppDeps } from '../../deps.js';
import { HttpError, notFound } from '../../http/errors.js';
import { requestOrigin } from '../../http/origin.js';
import { pageWindow } from '../../http/pagination.js';
import { IdParams } from '../../http/params.js';
import { sendPdf } from '../../reports/delivery.js';
import { t } from '../../../shared/i18n/translate.js';

const pdfAnswer = (file: string): FastifySchema['response'] => ({
  200: { description: `A PDF saved as ${file}: Avery 5160 sheets (US Letter, 3 × 10 labels of 2.625 × 1 in).`, content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } },
});

export async function labelsRoutes(app: FastifyInstance, { pdf, repositories }: AppDeps): Promise<void> {
  const assets = repositories.assets;
  const locations = repositories.locations;
  const fullAccess = { access: 'full' as const };

  app.get<{ Querystring: AssetLabelsQuery }>(
    '/assets/labels.pdf',
    {
      schema: {
        querystring: AssetLabelsQuery,
        description: `A label for each asset at the location, by name: QR code of its link, name, code and location. At most ${MAX_LABELS_PER_REQUEST} per request: a location with more is refused (400) unless \`page\` asks for the Nth ${MAX_LABELS_PER_REQUEST}. 404 when the location does not exist, has no asset, or has none on that page.`,
        response: pdfAnswer(assetLabelsFile('{location}')),
      },
      config: fullAccess,
    },
    async (request, reply) => {
      const location = await locations.findById(request.query.location);
      if (!location) throw notFound();
      const { count, rows } = await assets.page(pageWindow(request.query.page, MAX_LABELS_PER_REQUEST), location.id);
      if (count === 0) throw notFound(t(NO_ASSETS_TO_LABEL));
      // Never a silent first part: without a page, all of them or a refusal that says how to ask.
      if (request.query.page === undefined && count > MAX_LABELS_PER_REQUEST) throw new HttpError(400, { detail: tooManyLabels(count) });
      if (rows.length === 0) throw notFound(t('Invalid page.'));
      const origin = requestOrigin(request);
      const sheet = await pdf.render({
        kind: 'labels',
        sheet: {
          title: t('Asset labels - {location}', { location: location.name }),
          labels: rows.map((row) => ({ name: [row.brand, row.name].filter(Boolean).join(' '), code: row.code, context: location.name, link: scanLink(origin, row.code) })),
        },
      });
      return sendPdf(reply, assetLabelsFile(location.id), sheet);
    },
  );

  app.get<{ Params: IdParams; Querystring: LocationLabelQuery }>(
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
      const labels = Array.from({ length: request.query.copies ?? 1 }, () => label);
      const sheet = await pdf.render({ kind: 'labels', sheet: { title: t('Location label - {location}', { location: location.name }), labels } });
      return sendPdf(reply, locationLabelFile(location.id), sheet);
    },
  );
}
