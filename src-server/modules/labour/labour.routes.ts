/**
 * Labour on work orders and maintenance tasks (shared/api/labour.ts; docs/decisions.md: What the
 * work costs), the same routes under each. Whoever may read an order reads its entries; recording time needs the order claimed by the caller, or full
 * access, and a limited user records none on a completed order. Every refusal is a field error and
 * writes nothing; every write is recorded in the order's history and goes through the Idempotency-Key
 * handling of every POST (http/idempotency.ts), so a replayed one is one entry.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Id } from '../../../shared/api/common.js';
import { LABOUR_MAX_MINUTES, LABOUR_MESSAGES, LabourBody, LabourStopBody, type LabourAdded, type LabourEntry } from '../../../shared/api/labour.js';
import type { AppDeps } from '../../deps.js';
import { currentUser, type Access } from '../../http/access.js';
import { nowIso } from '../../http/clock.js';
import { fieldError, notFound } from '../../http/errors.js';
import { IdParams } from '../../http/params.js';
import { hasFullAccess } from '../users/full-access.js';
import type { TaskRow } from '../maintenance/maintenance.repository.js';
import type { UserRow } from '../users/users.repository.js';
import type { WorkOrderRow } from '../workorders/workorders.repository.js';
import { timerStop, labourInput } from './labour.fields.js';
import { presentLabourEntry } from './labour.presenter.js';
import { subjectOf, type LabourRow, type LabourSubject } from './labour.repository.js';

const EntryParams = Type.Object({ id: Id, entry_id: Id });
type EntryParams = Static<typeof EntryParams>;

/** The refusal every rule of the order gives: about the request as a whole, not one of its fields. */
const refused = (message: string) => fieldError('non_field_errors', message);

/** Where time is recorded, and the rules of who may (a work order's, or a maintenance task's). */
interface LabourHome<Row> {
  /** The route's path up to `/labour/`, with `:id`. */
  path: string;
  noun: string;
  subject(id: number): LabourSubject;
  find(id: number): Promise<Row | undefined>;
  readers: RouteConfig;
  writers: RouteConfig;
  /** Throws the refusal when `user` may not record time on `row`. */
  mayRecord(row: Row, user: UserRow): void;
  /** Whether `user` may delete `entry` of `row`. */
  mayDelete(row: Row, entry: LabourRow, user: UserRow): boolean;
  noTimer: string;
}

type RouteConfig = { access: Access };

export async function labourRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { repositories, models } = deps;
  const orders = repositories.workOrders;
  const full = { access: 'full' as const };

  registerLabour<WorkOrderRow>(app, deps, {
    path: '/workorders/:id',
    noun: 'order',
    subject: (id) => ({ kind: 'order', id }),
    find: (id) => orders.findById(id),
    // Reading follows the order's own access; the writes decide per order and entry.
    readers: { access: models.workorders.read },
    writers: { access: 'user' },
    /** Full access records on any order; anyone else only on an open order they claimed. */
    mayRecord(order, user) {
      if (hasFullAccess(user)) return;
      if (order.status === 'Completed') throw refused(LABOUR_MESSAGES.completed);
      if (order.status !== 'Claimed' || order.assigned_to_id !== user.id) throw refused(LABOUR_MESSAGES.notYours);
    },
    mayDelete: (order, entry, user) => hasFullAccess(user) || (entry.user_id === user.id && order.status !== 'Completed'),
    noTimer: LABOUR_MESSAGES.noTimer,
  });

  // Maintenance is full access's only (the tasks' own rule): time on a task is recorded, and deleted, by any of them.
  registerLabour<TaskRow>(app, deps, {
    path: '/maintenance/tasks/:id',
    noun: 'task',
    subject: (id) => ({ kind: 'task', id }),
    find: (id) => repositories.maintenance.findById(id),
    readers: full,
    writers: full,
    mayRecord: () => undefined,
    mayDelete: () => true,
    noTimer: LABOUR_MESSAGES.noTimerOnTask,
  });
}

function registerLabour<Row extends { id: number }>(app: FastifyInstance, { config, repositories }: AppDeps, home: LabourHome<Row>): void {
  const { labour, users } = repositories;

  async function rowOr404(id: number): Promise<Row> {
    const row = await home.find(id);
    if (!row) throw notFound();
    return row;
  }

  async function present(request: FastifyRequest, rows: LabourRow[]): Promise<LabourEntry[]> {
    const people = await users.refsOf(rows.map((r) => r.user_id));
    const full = hasFullAccess(currentUser(request));
    return rows.map((row) => presentLabourEntry(row, people, full));
  }

  app.get<{ Params: IdParams }>(
    `${home.path}/labour/`,
    { schema: { params: IdParams, description: `The ${home.noun}'s labour entries, oldest first (a plain list). Rates and costs are null for users without full access.` }, config: home.readers },
    async (request): Promise<LabourEntry[]> => {
      const row = await rowOr404(request.params.id);
      return present(request, await labour.list(home.subject(row.id)));
    },
  );

  app.post<{ Params: IdParams; Body: LabourBody }>(
    `${home.path}/labour/`,
    {
      schema: {
        params: IdParams,
        body: LabourBody,
        description:
          `Records time on the ${home.noun}: \`{minutes, date}\` by hand (1 to ${LABOUR_MAX_MINUTES} minutes; the date as any record's), \`{started_at, stopped_at}\` (ISO 8601 times, the stop after the start, at most ${LABOUR_MAX_MINUTES / 60} hours, neither more than a day ahead) ` +
          "or `{started_at}` alone: a timer, which stops the caller's running timer (answered as `stopped_timer_on`, an order, or `stopped_timer_on_task`). " +
          (home.noun === 'order'
            ? 'The order must be claimed by the caller unless they have full access; limited users record nothing on a completed order. '
            : "A task's time goes to its next completion, which also stops a timer still running on it. ") +
          "The entry keeps the caller's hourly rate now.",
      },
      config: home.writers,
    },
    async (request, reply) => {
      const user = currentUser(request);
      const row = await rowOr404(request.params.id);
      home.mayRecord(row, user);
      const input = labourInput(request.body, config.timeZone, Date.now());
      const now = nowIso();
      const subject = home.subject(row.id);
      if (input.kind === 'finished') {
        const added = await labour.add(subject, user.id, input.time, now);
        return reply.code(201).send((await present(request, [added]))[0]);
      }
      const { row: started, stopped } = await labour.startTimer(subject, user.id, input.startedAt, now);
      const [entry] = await present(request, [started]);
      const last = stopped.at(-1);
      if (!last) return reply.code(201).send(entry);
      const where = subjectOf(last);
      const answer: LabourAdded = where.kind === 'order' ? { ...entry!, stopped_timer_on: where.id } : { ...entry!, stopped_timer_on_task: where.id };
      return reply.code(201).send(answer);
    },
  );

  app.post<{ Params: IdParams; Body: LabourStopBody }>(
    `${home.path}/labour/stop/`,
    {
      schema: {
        params: IdParams,
        body: LabourStopBody,
        description: `Stops the caller's running timer on the ${home.noun} at \`stopped_at\` (the device's time; after the start, at most ${LABOUR_MAX_MINUTES / 60} hours on, not more than a day ahead), or now when not sent.`,
      },
      config: home.writers,
      // The stop time is optional, so a stop sent with no body at all is valid too.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request): Promise<LabourEntry> => {
      const user = currentUser(request);
      const row = await rowOr404(request.params.id);
      // Whoever started a timer may always stop it, whatever became of the order since: it records the time already worked.
      const timer = await labour.runningOn(home.subject(row.id), user.id);
      if (!timer) throw refused(home.noTimer);
      const { stoppedAt, minutes } = timerStop(request.body, timer.started_at, Date.now());
      const stoppedRow = await labour.stopTimer(timer, stoppedAt, minutes, user.id, nowIso());
      // Stopped by another request meanwhile (another device, the start of another timer, the task's completion).
      if (!stoppedRow) throw refused(home.noTimer);
      return (await present(request, [stoppedRow]))[0]!;
    },
  );

  app.delete<{ Params: EntryParams }>(
    `${home.path}/labour/:entry_id/`,
    { schema: { params: EntryParams, description: `Deletes a labour entry of the ${home.noun}: by its author while the order is not completed, or by a user with full access.` }, config: home.writers },
    async (request, reply) => {
      const user = currentUser(request);
      const row = await rowOr404(request.params.id);
      const entry = await labour.findEntry(home.subject(row.id), request.params.entry_id);
      if (!entry) throw notFound();
      // Deleted already (this delete sent again after its answer was lost): answered as the first was.
      if (entry.deleted_at !== null && (hasFullAccess(user) || entry.user_id === user.id)) return reply.code(204).send();
      if (!home.mayDelete(row, entry, user)) throw refused(LABOUR_MESSAGES.deleteNotYours);
      await labour.delete(entry, user.id, nowIso());
      return reply.code(204).send();
    },
  );
}
