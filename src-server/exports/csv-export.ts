/**
 * The CSV export of a list (docs/decisions.md: CSV exports): GET `<records path>export.csv` with the
 * list's filters, answered as a stream. The rows are read in keyset batches and written as they
 * come, so an export of 100,000 rows holds one batch in memory, and a client that reads slowly
 * slows the reading down (the stream's back-pressure) instead of filling the server's memory.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { csvExportQuery, type CsvExportQuery } from '../../shared/api/export-query.js';
import { CSV_EXPORTS, csvFileName, isCsvExportArea, type CsvExportArea } from '../../shared/api/exports.js';
import { todayIn } from '../../shared/rules/task-status.js';
import type { Config } from '../config.js';
import { currentUser } from '../http/access.js';
import { requestOrigin } from '../http/origin.js';
import { shownTo, type AnyModelRecord, type CsvOf, type ExportFilter, type ModelRecord, type PresentContext } from '../models/model-record.js';
import { hasFullAccess } from '../modules/users/full-access.js';
import type { Models } from '../models/index.js';
import { CSV_BOM, csvLine } from './csv.js';
import { keysetBatches } from './keyset-batches.js';

/** Rows per database read: large enough that reads are few, small enough that one is quickly written out. */
export const EXPORT_BATCH_SIZE = 500;

/** The header line, then one line per item, batch by batch; the first batch was already read. */
async function* csvText<Row extends { id: number }, Shown, Item>(
  model: ModelRecord<Row, Shown, Item>,
  csv: CsvOf<Row, Shown, Item>,
  ctx: PresentContext,
  /** Whether the user exporting has full access (else the model's limited view is exported). */
  full: boolean,
  filter: ExportFilter,
  first: IteratorResult<Row[], void>,
  rest: AsyncGenerator<Row[], void, undefined>,
): AsyncGenerator<string, void, undefined> {
  const { columns, items } = csv;
  const lines = async (rows: Row[]) => {
    const shown = shownTo(model, full, await model.present(rows, ctx));
    return items(shown, filter).map((item) => csvLine(columns.map((column) => column.value(item)))).join('');
  };
  try {
    yield CSV_BOM + csvLine(columns.map((column) => column.header));
    if (first.done) return;
    yield await lines(first.value);
    for await (const rows of rest) yield await lines(rows);
  } finally {
    // A client gone mid-way ends the reading too.
    await rest.return();
  }
}

/** Every model's export, each with the access of the list it exports (docs/decisions.md: Permissions are enforced by the server). */
export function registerCsvExports(app: FastifyInstance, { config, models }: { config: Pick<Config, 'timeZone'>; models: Models }): void {
  for (const model of Object.values(models) as AnyModelRecord[]) {
    if (model.csv && isCsvExportArea(model.area)) registerCsvExport(app, config, model, model.csv, model.area);
  }
}

function registerCsvExport<Row extends { id: number }, Shown, Item>(
  app: FastifyInstance,
  config: Pick<Config, 'timeZone'>,
  model: ModelRecord<Row, Shown, Item>,
  csv: CsvOf<Row, Shown, Item>,
  area: CsvExportArea,
): void {
  const def = CSV_EXPORTS[area];
  app.get(
    `/${def.path}`,
    {
      schema: {
        querystring: csvExportQuery(def.filters),
        description:
          'The list as a CSV file (UTF-8 with a byte order mark, RFC 4180, one header line), every row the list shows with the same filters, in the same order. ' +
          'Text that a spreadsheet could run as a formula gets a single quote before each piece that would start a formula (= + - @, a tab or a carriage return, perhaps behind spaces or double quotes): ' +
          'the start of the text and whatever follows a comma, semicolon, tab or line break, where a spreadsheet set to another list separator starts a cell. Dates and times are ISO 8601.',
        response: { 200: { description: `Saved as ${csvFileName(area, 'YYYY-MM-DD')}.`, content: { 'text/csv': { schema: { type: 'string' } } } } },
      },
      config: { access: model.read },
    },
    async (request, reply) => {
      // The schema has checked the query; an export takes only the filters of its list.
      const query = request.query as CsvExportQuery;
      const filter: ExportFilter = { locationId: query.location, search: query.search?.trim() || undefined };
      const batches = keysetBatches((after: Row | null) => csv.rowsAfter(filter, after, EXPORT_BATCH_SIZE), EXPORT_BATCH_SIZE);
      // Read before the answer starts: a database that fails now gets a plain error answer, not a cut-off file.
      const first = await batches.next();
      // A failure after the first line cuts the file off (Fastify logs it and closes the connection), which
      // the client sees as a failed download, never as a complete but short file.
      const ctx = { origin: requestOrigin(request), timeZone: config.timeZone };
      const full = hasFullAccess(currentUser(request));
      const body = Readable.from(csvText(model, csv, ctx, full, filter, first, batches), { objectMode: false });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csvFileName(area, todayIn(config.timeZone))}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
}
