/**
 * Parts on work orders and a part's stock ledger (shared/api/stock-ledger.ts; docs/decisions.md: What
 * the work costs). Whoever may read an order reads its parts; issuing or returning needs the order
 * claimed by the caller, or full access, and a limited user moves none on a completed order. Every
 * refusal is a field error and writes nothing; an issue is never refused for stock (two devices that
 * each issued the last unit offline are both applied, and the part shows short). Every move goes
 * through the Idempotency-Key handling of every POST (http/idempotency.ts), so a replay is one entry.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Page } from '../../../shared/api/common.js';
import { REQUIRED_MESSAGE } from '../../../shared/api/field-messages.js';
import { t } from '../../../shared/i18n/translate.js';
import { ledgerCsvFileName } from '../../../shared/api/exports.js';
import { PART_MOVE_MAX, PART_MOVE_MESSAGES, WorkOrderPartBody, type StockEntry, type WorkOrderPart } from '../../../shared/api/stock-ledger.js';
import { todayIn } from '../../../shared/rules/task-status.js';
import type { AppDeps } from '../../deps.js';
import { csvColumnsFor } from '../../exports/csv.js';
import { EXPORT_BATCH_SIZE, sendCsv } from '../../exports/csv-export.js';
import { keysetBatches } from '../../exports/keyset-batches.js';
import { currentUser } from '../../http/access.js';
import { nowIso } from '../../http/clock.js';
import { addFieldError, fieldError, invalid, notFound, throwIfErrors, type FieldErrors } from '../../http/errors.js';
import { PageQuery, pageOf, pageWindow } from '../../http/pagination.js';
import { IdParams } from '../../http/params.js';
import { doesNotExist } from '../../http/relations.js';
import type { StockEntryRow } from '../stock/stock-ledger.js';
import { hasFullAccess } from '../users/full-access.js';
import type { UserRow } from '../users/users.repository.js';
import type { WorkOrderRow } from '../workorders/workorders.repository.js';
import { presentStockEntry, presentWorkOrderPart, STOCK_LEDGER_CSV_COLUMNS } from './part-moves.presenter.js';
import type { PartMoveKind, PartMoveRow } from './part-moves.repository.js';

/** The refusal every rule of the order gives: about the request as a whole, not one of its fields. */
const refused = (message: string) => fieldError('non_field_errors', message);

const isMoveKind = (kind: unknown): kind is PartMoveKind => kind === 'issue' || kind === 'return';

export async function partMovesRoutes(app: FastifyInstance, { config, repositories, models }: AppDeps): Promise<void> {
  const { partMoves, parts, users } = repositories;
  const orders = repositories.workOrders;
  const orderReaders = { access: models.workorders.read };
  const partReaders = { access: models.parts.read };
  // Who may move parts on which order is decided per order below.
  const writers = { access: 'user' as const };

  async function orderOr404(id: number): Promise<WorkOrderRow> {
    const order = await orders.findById(id);
    if (!order) throw notFound();
    return order;
  }

  /** Full access moves parts on any order; anyone else only on an open order they claimed. */
  function mayMove(order: WorkOrderRow, user: UserRow): void {
    if (hasFullAccess(user)) return;
    if (order.status === 'Completed') throw refused(PART_MOVE_MESSAGES.completed);
    if (order.status !== 'Claimed' || order.assigned_to_id !== user.id) throw refused(PART_MOVE_MESSAGES.notYours);
  }

  async function present(request: FastifyRequest, rows: PartMoveRow[]): Promise<WorkOrderPart[]> {
    const people = await users.refsOf(rows.map((r) => r.user_id));
    const full = hasFullAccess(currentUser(request));
    return rows.map((row) => presentWorkOrderPart(row, people, full));
  }

  app.get<{ Params: IdParams }>(
    '/workorders/:id/parts/',
    { schema: { params: IdParams, description: "The parts issued to and returned from the order, oldest first (a plain list). Unit costs and costs are null for users without full access." }, config: orderReaders },
    async (request): Promise<WorkOrderPart[]> => {
      const order = await orderOr404(request.params.id);
      return present(request, await partMoves.listForOrder(order.id));
    },
  );

  app.post<{ Params: IdParams; Body: WorkOrderPartBody }>(
    '/workorders/:id/parts/',
    {
      schema: {
        params: IdParams,
        body: WorkOrderPartBody,
        description:
          `Issues whole units of a part to the order (\`kind\` "issue") or returns them from it ("return"): 1 to ${PART_MOVE_MAX} units of a part stocked at the order's location; a return at most what went net to the order. ` +
          'An issue is never refused for stock: the quantity on hand may go below zero. The order must be claimed by the caller unless they have full access; limited users move nothing on a completed order. The entry keeps the part’s unit cost now.',
      },
      config: writers,
    },
    async (request, reply) => {
      const user = currentUser(request);
      const order = await orderOr404(request.params.id);
      mayMove(order, user);
      const { kind, quantity, part_id: partId } = request.body;
      const errors: FieldErrors = {};
      if (!isMoveKind(kind)) addFieldError(errors, 'kind', PART_MOVE_MESSAGES.kind);
      if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1 || quantity > PART_MOVE_MAX) addFieldError(errors, 'quantity', PART_MOVE_MESSAGES.quantity);
      if (partId === undefined || partId === null) addFieldError(errors, 'part_id', t(REQUIRED_MESSAGE));
      else {
        const part = await parts.findById(partId);
        if (!part) addFieldError(errors, 'part_id', doesNotExist(partId));
        else if (part.location_id !== order.location_id) addFieldError(errors, 'part_id', PART_MOVE_MESSAGES.notHere);
      }
      throwIfErrors(errors);
      if (!isMoveKind(kind) || typeof quantity !== 'number' || partId === undefined || partId === null) throw invalid(errors);
      const entry = await partMoves.move({ orderId: order.id, orderLocationId: order.location_id, partId, kind, quantity, userId: user.id, now: nowIso() });
      const [moved] = await present(request, [await partMoves.findMove(entry.id)]);
      return reply.code(201).send(moved);
    },
  );

  app.get<{ Params: IdParams; Querystring: PageQuery }>(
    '/parts/:id/ledger/',
    {
      schema: { params: IdParams, querystring: PageQuery, description: "The part's stock ledger, newest first, in pages of 10: every change of its quantity. Unit costs are null for users without full access." },
      config: partReaders,
    },
    async (request): Promise<Page<StockEntry>> => {
      const part = await parts.findById(request.params.id);
      if (!part) throw notFound();
      const window = pageWindow(request.query.page);
      const { count, rows } = await partMoves.ledgerPage(part.id, window);
      const people = await users.refsOf(rows.map((r) => r.user_id));
      const full = hasFullAccess(currentUser(request));
      return pageOf(request, window, count, rows.map((row) => presentStockEntry(row, people, full)));
    },
  );

  app.get<{ Params: IdParams }>(
    '/parts/:id/ledger.csv',
    {
      schema: {
        params: IdParams,
        description:
          "Every entry of the part's stock ledger as a CSV file (UTF-8 with a byte order mark, RFC 4180, text safe from formulas as the lists' exports), oldest first: " +
          'Date, Kind, Change, Quantity After, Unit Cost (in the files of users with full access only), Work Order, Reason, User.',
        response: { 200: { description: 'Saved as part-<id>-ledger-YYYY-MM-DD.csv.', content: { 'text/csv': { schema: { type: 'string' } } } } },
      },
      config: partReaders,
    },
    async (request, reply) => {
      const part = await parts.findById(request.params.id);
      if (!part) throw notFound();
      const full = hasFullAccess(currentUser(request));
      return sendCsv(reply, {
        fileName: ledgerCsvFileName(part.id, todayIn(config.timeZone)),
        columns: csvColumnsFor(STOCK_LEDGER_CSV_COLUMNS, full),
        // Oldest first, unlike the screen's newest-first pages: a sheet is read top to bottom like a
        // bank statement, each Quantity After following from the line above, the last line the
        // quantity on hand now; it is the order the meters' exports use, and a user sorts from there.
        batches: keysetBatches((after: StockEntryRow | null) => partMoves.ledgerAfter(part.id, after, EXPORT_BATCH_SIZE), EXPORT_BATCH_SIZE),
        items: async (rows) => {
          const people = await users.refsOf(rows.map((r) => r.user_id));
          return rows.map((row) => presentStockEntry(row, people, full));
        },
      });
    },
  );
}
