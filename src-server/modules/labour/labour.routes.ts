/**
 * Labour on work orders (shared/api/labour.ts; docs/decisions.md: What the work costs). Whoever may
 * read an order reads its entries; recording time needs the order claimed by the caller, or full
 * access, and a limited user records none on a completed order. Every refusal is a field error and
 * writes nothing; every write is recorded in the order's history and goes through the Idempotency-Key
 * handling of every POST (http/idempotency.ts), so a replayed one is one entry.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Id } from '../../../shared/api/common.js';
import { LABOUR_MAX_MINUTES, LABOUR_MESSAGES, LabourBody, LabourStopBody, type LabourAdded, type LabourEntry } from '../../../shared/api/labour.js';
import type { AppDeps } from '../../deps.js';
import { currentUser } from '../../http/access.js';
import { nowIso } from '../../http/clock.js';
import { fieldError, notFound } from '../../http/errors.js';
import { IdParams } from '../../http/params.js';
import { hasFullAccess } from '../users/full-access.js';
import type { UserRow } from '../users/users.repository.js';
import type { WorkOrderRow } from '../workorders/workorders.repository.js';
import { timerStop, labourInput } from './labour.fields.js';
import { presentLabourEntry } from './labour.presenter.js';
import type { LabourRow } from './labour.repository.js';

const EntryParams = Type.Object({ id: Id, entry_id: Id });
type EntryParams = Static<typeof EntryParams>;

/** The refusal every rule of the order gives: about the request as a whole, not one of its fields. */
const refused = (message: string) => fieldError('non_field_errors', message);

export async function labourRoutes(app: FastifyInstance, { config, repositories, models }: AppDeps): Promise<void> {
  const { labour, users } = repositories;
  const orders = repositories.workOrders;
  // Reading follows the order's own access; the writes decide per order and entry below.
  const readers = { access: models.workorders.read };
  const writers = { access: 'user' as const };

  async function orderOr404(id: number): Promise<WorkOrderRow> {
    const order = await orders.findById(id);
    if (!order) throw notFound();
    return order;
  }

  /** Full access records on any order; anyone else only on an open order they claimed. */
  function mayRecord(order: WorkOrderRow, user: UserRow): void {
    if (hasFullAccess(user)) return;
    if (order.status === 'Completed') throw refused(LABOUR_MESSAGES.completed);
    if (order.status !== 'Claimed' || order.assigned_to_id !== user.id) throw refused(LABOUR_MESSAGES.notYours);
  }

  async function present(request: FastifyRequest, rows: LabourRow[]): Promise<LabourEntry[]> {
    const people = await users.refsOf(rows.map((r) => r.user_id));
    const full = hasFullAccess(currentUser(request));
    return rows.map((row) => presentLabourEntry(row, people, full));
  }

  app.get<{ Params: IdParams }>(
    '/workorders/:id/labour/',
    { schema: { params: IdParams, description: "The order's labour entries, oldest first (a plain list). Rates and costs are null for users without full access." }, config: readers },
    async (request): Promise<LabourEntry[]> => {
      const order = await orderOr404(request.params.id);
      return present(request, await labour.list(order.id));
    },
  );

  app.post<{ Params: IdParams; Body: LabourBody }>(
    '/workorders/:id/labour/',
    {
      schema: {
        params: IdParams,
        body: LabourBody,
        description:
          `Records time on the order: \`{minutes, date}\` by hand (1 to ${LABOUR_MAX_MINUTES} minutes; the date as any record's), \`{started_at, stopped_at}\` (ISO 8601 times, the stop after the start, at most ${LABOUR_MAX_MINUTES / 60} hours, neither more than a day ahead) ` +
          "or `{started_at}` alone: a timer, which stops the caller's running timer (answered as `stopped_timer_on`). The order must be claimed by the caller unless they have full access; limited users record nothing on a completed order. The entry keeps the caller's hourly rate now.",
      },
      config: writers,
    },
    async (request, reply) => {
      const user = currentUser(request);
      const order = await orderOr404(request.params.id);
      mayRecord(order, user);
      const input = labourInput(request.body, config.timeZone, Date.now());
      const now = nowIso();
      if (input.kind === 'finished') {
        const row = await labour.add(order.id, user.id, input.time, now);
        return reply.code(201).send((await present(request, [row]))[0]);
      }
      const { row, stopped } = await labour.startTimer(order.id, user.id, input.startedAt, now);
      const [entry] = await present(request, [row]);
      const answer: LabourAdded = stopped.length > 0 ? { ...entry!, stopped_timer_on: stopped[stopped.length - 1]!.work_order_id } : entry!;
      return reply.code(201).send(answer);
    },
  );

  app.post<{ Params: IdParams; Body: LabourStopBody }>(
    '/workorders/:id/labour/stop/',
    {
      schema: {
        params: IdParams,
        body: LabourStopBody,
        description: `Stops the caller's running timer on the order at \`stopped_at\` (the device's time; after the start, at most ${LABOUR_MAX_MINUTES / 60} hours on, not more than a day ahead), or now when not sent.`,
      },
      config: writers,
      // The stop time is optional, so a stop sent with no body at all is valid too.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request): Promise<LabourEntry> => {
      const user = currentUser(request);
      const order = await orderOr404(request.params.id);
      // Whoever started a timer may always stop it, whatever became of the order since: it records the time already worked.
      const timer = await labour.runningOn(order.id, user.id);
      if (!timer) throw refused(LABOUR_MESSAGES.noTimer);
      const { stoppedAt, minutes } = timerStop(request.body, timer.started_at, Date.now());
      const row = await labour.stopTimer(timer, stoppedAt, minutes, user.id, nowIso());
      // Stopped by another request meanwhile (another device, or the start of another timer).
      if (!row) throw refused(LABOUR_MESSAGES.noTimer);
      return (await present(request, [row]))[0]!;
    },
  );

  app.delete<{ Params: EntryParams }>(
    '/workorders/:id/labour/:entry_id/',
    { schema: { params: EntryParams, description: 'Deletes a labour entry: by its author while the order is not completed, or by a user with full access.' }, config: writers },
    async (request, reply) => {
      const user = currentUser(request);
      const order = await orderOr404(request.params.id);
      const entry = await labour.findEntry(order.id, request.params.entry_id);
      if (!entry) throw notFound();
      // Deleted already (this delete sent again after its answer was lost): answered as the first was.
      if (entry.deleted_at !== null && (hasFullAccess(user) || entry.user_id === user.id)) return reply.code(204).send();
      const mayDelete = hasFullAccess(user) || (entry.user_id === user.id && order.status !== 'Completed');
      if (!mayDelete) throw refused(LABOUR_MESSAGES.deleteNotYours);
      await labour.delete(entry, user.id, nowIso());
      return reply.code(204).send();
    },
  );
}
