/**
 * Meters on assets and their readings (shared/api/meters.ts; docs/decisions.md: Meters and
 * readings). Read with the asset's own access; every write needs full access (the default). A
 * reading is checked against the meter's other readings by the rule the device applies too
 * (shared/rules/meter-readings.ts), in the order they were taken.
 */
import { Readable } from 'node:stream';
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Page } from '../../../shared/api/common.js';
import { Id } from '../../../shared/api/common.js';
import { readingsCsvFileName } from '../../../shared/api/exports.js';
import { CHART_DAYS, CHART_POINTS, MeterBody, ReadingBody, type Meter, type MeterChart, type MeterReading } from '../../../shared/api/meters.js';
import { TEXT_LIMIT } from '../../../shared/constants.js';
import { READING_MAX, READING_MESSAGES } from '../../../shared/rules/meter-readings.js';
import { optionalText } from '../../../shared/rules/optional-text.js';
import { todayIn } from '../../../shared/rules/task-status.js';
import type { AppDeps } from '../../deps.js';
import { CSV_BOM, csvLine, personName, type CsvValue } from '../../exports/csv.js';
import { EXPORT_BATCH_SIZE } from '../../exports/csv-export.js';
import { keysetBatches } from '../../exports/keyset-batches.js';
import { currentUser } from '../../http/access.js';
import { nowIso } from '../../http/clock.js';
import { addFieldError, fieldError, notFound, nothingToChange, throwIfErrors, type FieldErrors } from '../../http/errors.js';
import { numberField } from '../../http/numbers.js';
import { PageQuery, pageOf, pageWindow } from '../../http/pagination.js';
import { IdParams } from '../../http/params.js';
import { requiredText } from '../../http/text.js';
import { presentMeters, presentReading } from './meters.presenter.js';
import { takenAtField } from './reading.fields.js';
import type { MeterReadingRow, MeterRow } from './meters.repository.js';
import { t } from '../../../shared/i18n/translate.js';

const ReadingParams = Type.Object({ id: Id, rid: Id });
type ReadingParams = Static<typeof ReadingParams>;

export const READING_CSV_HEADERS = ['Asset', 'Meter', 'Unit', 'Taken At', 'Reading', 'Reset', 'Reason', 'Void', 'Flagged', 'By', 'Recorded At'];

/** One reading as a line of the meter's export. */
function readingCsvLine(assetName: string, meter: MeterRow, r: MeterReading): CsvValue[] {
  const yes = (flag: boolean) => (flag ? 'Yes' : '');
  return [assetName, meter.name, meter.unit, r.taken_at, r.value, yes(r.reset), r.reason, yes(r.void), yes(r.flagged), personName(r.by), r.created_at];
}

export async function metersRoutes(app: FastifyInstance, { config, repositories, models }: AppDeps): Promise<void> {
  const { meters, assets, users } = repositories;
  const readers = { access: models.meters.read };

  const present = (rows: MeterRow[]) => presentMeters(meters, rows);

  async function meterOf(id: number): Promise<MeterRow> {
    const meter = await meters.findById(id);
    if (!meter) throw notFound();
    return meter;
  }

  app.get<{ Params: IdParams; Querystring: PageQuery }>(
    '/assets/:id/meters/',
    { schema: { params: IdParams, querystring: PageQuery, description: "The asset's meters, pages of 10, each with its last reading and its average daily use over the last 30 days." }, config: readers },
    async (request): Promise<Page<Meter>> => {
      if (!(await assets.findById(request.params.id))) throw notFound();
      const window = pageWindow(request.query.page);
      const { count, rows } = await meters.page(request.params.id, window);
      return pageOf(request, window, count, await present(rows));
    },
  );

  app.post<{ Params: IdParams; Body: MeterBody }>(
    '/assets/:id/meters/',
    { schema: { params: IdParams, body: MeterBody, description: 'Adds a meter to the asset: a name and a unit (hours, miles, km, cycles, cars, gallons, or any short text).' } },
    async (request, reply) => {
      if (!(await assets.findById(request.params.id))) throw notFound();
      const errors: FieldErrors = {};
      const name = requiredText(errors, 'name', request.body.name);
      const unit = requiredText(errors, 'unit', request.body.unit);
      throwIfErrors(errors);
      const now = nowIso();
      const row = await meters.create({ asset_id: request.params.id, name, unit, created_at: now, updated_at: now }, currentUser(request).id);
      return reply.code(201).send((await present([row]))[0]);
    },
  );

  app.get<{ Params: IdParams }>('/meters/:id/', { schema: { params: IdParams, description: 'One meter, with its last reading and pace.' }, config: readers }, async (request): Promise<Meter> => {
    return (await present([await meterOf(request.params.id)]))[0]!;
  });

  app.patch<{ Params: IdParams; Body: MeterBody }>(
    '/meters/:id/',
    { schema: { params: IdParams, body: MeterBody, description: "Renames a meter or changes its unit; the fields not sent stay as they are. Its readings are kept." } },
    async (request): Promise<Meter> => {
      await meterOf(request.params.id);
      const { name, unit } = request.body;
      if (name === undefined && unit === undefined) throw nothingToChange();
      const errors: FieldErrors = {};
      const changes = {
        ...(name === undefined ? {} : { name: requiredText(errors, 'name', name) }),
        ...(unit === undefined ? {} : { unit: requiredText(errors, 'unit', unit) }),
      };
      throwIfErrors(errors);
      const row = await meters.update(request.params.id, { ...changes, updated_at: nowIso() });
      if (!row) throw notFound();
      return (await present([row]))[0]!;
    },
  );

  app.delete<{ Params: IdParams }>('/meters/:id/', { schema: { params: IdParams, description: 'Removes a meter and its readings.' } }, async (request, reply) => {
    if (!(await meters.delete(request.params.id, currentUser(request).id, nowIso()))) throw notFound();
    return reply.code(204).send();
  });

  app.get<{ Params: IdParams; Querystring: PageQuery }>(
    '/meters/:id/readings/',
    { schema: { params: IdParams, querystring: PageQuery, description: 'The meter\'s readings by when they were taken, newest first, pages of 10; voided ones included, marked `void`.' }, config: readers },
    async (request): Promise<Page<MeterReading>> => {
      await meterOf(request.params.id);
      const window = pageWindow(request.query.page);
      const { count, rows } = await meters.readingsPage(request.params.id, window);
      const people = await users.refsOf(rows.map((r) => r.user_id));
      return pageOf(request, window, count, rows.map((row) => presentReading(row, people)));
    },
  );

  app.get<{ Params: IdParams }>(
    '/meters/:id/readings/export.csv',
    {
      schema: {
        params: IdParams,
        description: 'Every reading of the meter as a CSV file (UTF-8 with a byte order mark, RFC 4180, text safe from formulas as the lists\' exports), in the order taken, voided ones marked.',
        response: { 200: { description: 'Saved as meter-<id>-readings-YYYY-MM-DD.csv.', content: { 'text/csv': { schema: { type: 'string' } } } } },
      },
      config: readers,
    },
    async (request, reply) => {
      const meter = await meterOf(request.params.id);
      const asset = await assets.findById(meter.asset_id);
      const batches = keysetBatches((after: MeterReadingRow | null) => meters.readingsAfter(meter.id, after, EXPORT_BATCH_SIZE), EXPORT_BATCH_SIZE);
      async function* lines(): AsyncGenerator<string> {
        yield CSV_BOM + csvLine(READING_CSV_HEADERS);
        for await (const rows of batches) {
          const people = await users.refsOf(rows.map((r) => r.user_id));
          yield rows.map((row) => csvLine(readingCsvLine(asset?.name ?? '', meter, presentReading(row, people)))).join('');
        }
      }
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${readingsCsvFileName(meter.id, todayIn(config.timeZone))}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(lines(), { objectMode: false }));
    },
  );

  app.get<{ Params: IdParams }>(
    '/meters/:id/chart/',
    { schema: { params: IdParams, description: `The meter's valid readings of the last ${CHART_DAYS} days, oldest taken first (${CHART_POINTS} at most, the newest): what its chart draws.` }, config: readers },
    async (request): Promise<MeterChart> => {
      const meter = await meterOf(request.params.id);
      const from = new Date(Date.now() - CHART_DAYS * 86_400_000).toISOString();
      return { meter_id: meter.id, from, points: await meters.pointsFrom(meter.id, from, CHART_POINTS) };
    },
  );

  app.post<{ Params: IdParams; Body: ReadingBody }>(
    '/meters/:id/readings/',
    {
      schema: {
        params: IdParams,
        body: ReadingBody,
        description:
          'Adds a reading, placed by when it was taken (`taken_at`, now when left out): not lower than the reading taken before it nor higher than the one taken after, unless `reset` (with a `reason`: the meter was replaced or rolled over). A reading far above the meter\'s pace is kept and `flagged`, with a `warning`.',
      },
    },
    async (request, reply) => {
      const meter = await meterOf(request.params.id);
      const asset = await assets.findById(meter.asset_id);
      const body = request.body;
      const errors: FieldErrors = {};
      const value = numberField(errors, 'value', body.value, { atLeast: 0, lessThan: READING_MAX });
      const takenAt = takenAtField(errors, 'taken_at', body.taken_at, asset?.created_at ?? null);
      const reset = body.reset === true;
      const reason = optionalText(body.reason);
      if (reset && !reason) addFieldError(errors, 'reason', t(READING_MESSAGES.resetNeedsReason));
      throwIfErrors(errors);
      const added = await meters.addReading(meter.id, { value: value!, taken_at: takenAt!, reset, reason, user_id: currentUser(request).id, created_at: nowIso() }, new Date());
      if (!added) throw notFound();
      if ('problem' in added) throw fieldError('value', t(added.problem));
      const people = await users.refsOf([added.row.user_id]);
      return reply.code(201).send(presentReading(added.row, people));
    },
  );

  // No body schema: the reason is optional, and so is the body (a POST with nothing in it voids too).
  app.post<{ Params: ReadingParams }>(
    '/meters/:id/readings/:rid/void/',
    { schema: { params: ReadingParams, description: 'Voids a reading (`{"reason"}` optional): it is kept, marked `void`, and left out of every figure and check. Voiding it again changes nothing.' } },
    async (request): Promise<MeterReading> => {
      const row = await meters.voidReading(request.params.id, request.params.rid, voidReason(request.body), currentUser(request).id, nowIso());
      if (!row) throw notFound();
      return presentReading(row, await users.refsOf([row.user_id]));
    },
  );
}

/** The optional reason a void is sent with: text within the limit, or a field error. */
function voidReason(body: unknown): string | null {
  const reason: unknown = body && typeof body === 'object' ? (body as { reason?: unknown }).reason : undefined;
  if (reason === undefined || reason === null) return null;
  if (typeof reason !== 'string') throw fieldError('reason', t('Not a valid string.'));
  if (reason.length > TEXT_LIMIT) throw fieldError('reason', t('Ensure this field has no more than {limit} characters.', { limit: String(TEXT_LIMIT) }));
  return optionalText(reason);
}
