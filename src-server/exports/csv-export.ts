/**
 * The CSV export of a list (docs/decisions.md: CSV exports): GET `<records path>export.csv` with the
 * list's filters, answered as a stream. The rows are read in keyset batches and written as they
 * come, so an export of 100,000 rows holds one batch in memory, and a client that reads slowly
 * slows the reading down (the stream's back-pressure) instead of filling the server's memory.
 * `sendCsv` answers the same way for an export of one record's entries (a part's stock ledger).
 * Columns a model marks `fullAccessOnly` (what the work costs) are left out of other users' files.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { csvExportQuery, type CsvExportQuery } from '../../shared/api/export-query.js';
import { CSV_EXPORTS, csvFileName, isCsvExportArea, type CsvExportArea } from '../../shared/api/exports.js';
import { todayIn } from '../../shared/rules/task-status.js';
import type { Config } from '../config.js';
import { currentUser } from '../http/access.js';
import { requestOrigin } from '../http/origin.js';
import { shownTo, type AnyModelRecord, type CsvOf, type ExportFilter, type ModelRecord } from '../models/model-record.js';
import { hasFullAccess } from '../modules/users/full-access.js';
import type { Models } from '../models/index.js';
import { CSV_BOM, csvColumnsFor, csvLine, type CsvColumn } from './csv.js';
import { keysetBatches } from './keyset-batches.js';

/** Rows per database read: large enough that reads are few, small enough that one is quickly written out. */
export const EXPORT_BATCH_SIZE = 500;

/** A CSV answer streamed batch by batch: the list exports' and a record's own (a part's ledger). */
export interface CsvStream<Row, Item> {
  /** The saved file's name. */
  fileName: string;
  /** The columns of this user's file (csvColumnsFor: the full-access ones only for full access). */
  columns: readonly CsvColumn<Item>[];
  /** The rows in the file's order, batch by batch (keysetBatches, EXPORT_BATCH_SIZE). */
  batches: AsyncGenerator<Row[], void, undefined>;
  /** The lines a batch of rows gives, as this user sees them. */
  items(rows: Row[]): Promise<Item[]>;
}

/** The header line, then one line per item, batch by batch; the first batch was already read. */
async function* csvText<Row, Item>(
  { columns, items }: Pick<CsvStream<Row, Item>, 'columns' | 'items'>,
  first: IteratorResult<Row[], void>,
  rest: AsyncGenerator<Row[], void, undefined>,
): AsyncGenerator<string, void, undefined> {
  const lines = async (rows: Row[]) => (await items(rows)).map((item) => csvLine(columns.map((column) => column.value(item)))).join('');
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

/** Answers with the stream as a CSV file to save. */
export async function sendCsv<Row, Item>(reply: FastifyReply, stream: CsvStream<Row, Item>): Promise<FastifyReply> {
  // Read before the answer starts: a database that fails now gets a plain error answer, not a cut-off file.
  const first = await stream.batches.next();
  // A failure after the first line cuts the file off (Fastify logs it and closes the connection), which
  // the client sees as a failed download, never as a complete but short file.
  const body = Readable.from(csvText(stream, first, stream.batches), { objectMode: false });
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${stream.fileName}"`)
    .header('cache-control', 'no-store')
    .send(body);
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
  const fullAccessOnly = csv.columns.filter((column) => column.fullAccessOnly).map((column) => column.header);
  app.get(
    `/${def.path}`,
    {
      schema: {
        querystring: csvExportQuery(def.filters),
        description:
          'The list as a CSV file (UTF-8 with a byte order mark, RFC 4180, one header line), every row the list shows with the same filters, in the same order. ' +
          'Text that a spreadsheet could run as a formula gets a single quote before each piece that would start a formula (= + - @, a tab or a carriage return, perhaps behind spaces or double quotes): ' +
          'the start of the text and whatever follows a comma, semicolon, tab or line break, where a spreadsheet set to another list separator starts a cell. Dates and times are ISO 8601.' +
          (fullAccessOnly.length > 0 ? ` The columns ${fullAccessOnly.join(', ')} are in the files of users with full access only.` : ''),
        response: { 200: { description: `Saved as ${csvFileName(area, 'YYYY-MM-DD')}.`, content: { 'text/csv': { schema: { type: 'string' } } } } },
      },
      config: { access: model.read },
    },
    async (request, reply) => {
      // The schema has checked the query; an export takes only the filters of its list.
      const query = request.query as CsvExportQuery;
      const filter: ExportFilter = { locationId: query.location, search: query.search?.trim() || undefined };
      const ctx = { origin: requestOrigin(request), timeZone: config.timeZone };
      const full = hasFullAccess(currentUser(request));
      return sendCsv(reply, {
        fileName: csvFileName(area, todayIn(config.timeZone)),
        columns: csvColumnsFor(csv.columns, full),
        batches: keysetBatches((after: Row | null) => csv.rowsAfter(filter, after, EXPORT_BATCH_SIZE), EXPORT_BATCH_SIZE),
        // As the list shows them to this user: a model's limited view for users without full access.
        items: async (rows) => csv.items(shownTo(model, full, await model.present(rows, ctx)), filter),
      });
    },
  );
}
