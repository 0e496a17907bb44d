/**
 * What is mailed to whom: work-order events from the `activity` table, due and past-due tasks from
 * the daily check, new requests from labels (their `created` event). Each notice is queued
 * (notification_queue) in the transaction that wins its key, so it is queued once however many
 * processes look. Each is worded in its recipient's language (docs/i18n.md), whoever did the deed.
 */
import type { Kysely, Transaction } from 'kysely';
import { isLanguage, type Language } from '../../../shared/i18n/languages.js';
import { t } from '../../../shared/i18n/translate.js';
import { meterVerdict } from '../../../shared/rules/meter-due.js';
import type { Database } from '../../db/schema.js';
import { inLanguage } from '../../http/request-language.js';
import { presentTask } from '../maintenance/maintenance.presenter.js';
import { MaintenanceRepository } from '../maintenance/maintenance.repository.js';
import { hasFullAccess } from '../users/full-access.js';
import { locationIdsOf, type NotificationSettingsRow } from './notification-settings.repository.js';

/** The kinds a notice can be; a setting flag covers each (task_due covers both task kinds). */
export type NoticeKind = 'order_created' | 'order_claimed' | 'order_completed' | 'task_due' | 'task_past_due' | 'request_created' | 'part_short';

export interface Notice {
  userId: number;
  kind: NoticeKind;
  subject: string;
  body: string;
}

type Subscriber = NotificationSettingsRow & { email: string; full_feature_access: 0 | 1; is_staff: 0 | 1; language: string | null };

/** Active users with the setting on (the table holds one row per user who saved any). */
async function subscribers(db: Kysely<Database>, setting: 'order_created' | 'order_claimed' | 'order_completed' | 'task_due' | 'request_created' | 'part_short'): Promise<Subscriber[]> {
  return db
    .selectFrom('notification_settings as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .selectAll('s')
    .select(['u.email', 'u.full_feature_access', 'u.is_staff', 'u.language'])
    .where(`s.${setting}`, '=', 1)
    .where('u.is_active', '=', 1)
    .execute();
}

/** The language a user chose on their account; null (English) when none. */
export const languageOf = (user: { language?: unknown }): Language | null => (isLanguage(user.language) ? user.language : null);

/** A notice's texts, worded in the recipient's language. */
function inLanguageOf<T>(user: { language?: unknown }, word: () => T): T {
  return inLanguage(languageOf(user), word);
}

/** Said in the recipient's language: "Someone" when the one who acted has no name. */
const nameOf = (u: { first_name: string; last_name: string } | undefined) => (u ? `${u.first_name} ${u.last_name}`.trim() || t('Someone') : t('Someone'));

export interface ActivityLike {
  id: number;
  entity: string;
  record_id: number;
  kind: string;
  actor_id: number | null;
  /** JSON text of ActivityDetails (a part's entry says whether it made the part short). */
  details?: string;
}

/**
 * True for a part's history entry that made it short (`became_short`: a move, a count or a reorder
 * point crossed into short). The text is looked at before it is parsed: most rows are not such.
 */
function madeShort(row: ActivityLike): boolean {
  if (row.entity !== 'parts' || row.details === undefined || !row.details.includes('became_short')) return false;
  const details: unknown = JSON.parse(row.details);
  return typeof details === 'object' && details !== null && 'became_short' in details && details.became_short === true;
}

/** True for the activity rows that can mail anyone: a work order created, claimed or completed; a part made short. */
export function mayNotify(row: ActivityLike): boolean {
  return (row.entity === 'workorders' && (row.kind === 'created' || row.kind === 'claimed' || row.kind === 'completed')) || madeShort(row);
}

/**
 * The notices one activity row makes: a new order to whoever chose its location; a claim or
 * completion to the order's creator. Never to the one who did it.
 */
export async function noticesOfActivity(db: Kysely<Database>, row: ActivityLike, publicUrl: string): Promise<Notice[]> {
  if (!mayNotify(row)) return [];
  if (row.entity === 'parts') return shortNotices(db, row.record_id, publicUrl);
  const order = await db
    .selectFrom('work_orders as w')
    .innerJoin('locations as l', 'l.id', 'w.location_id')
    .select(['w.id', 'w.description', 'w.location_id', 'w.created_by_id', 'w.field_notes', 'l.name as location_name'])
    .where('w.id', '=', row.record_id)
    .executeTakeFirst();
  if (!order) return [];
  const actor = row.actor_id === null ? undefined : await db.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', row.actor_id).executeTakeFirst();
  const link = `${publicUrl}/workorder-detail/${order.id}`;
  const what = { id: order.id, location: order.location_name };
  const text = (line: string) => t('{message}\n\n"{description}"\n\nOpen it: {link}', { message: line, description: order.description, link });

  if (row.kind === 'created') {
    const users = (await subscribers(db, 'order_created')).filter((s) => s.user_id !== row.actor_id && locationIdsOf(s).includes(order.location_id));
    return users.map((s) =>
      inLanguageOf(s, () => ({
        userId: s.user_id,
        kind: 'order_created',
        subject: t('New work order #{id} at {location}', what),
        body: text(t('{name} created work order #{id} at {location}.', { ...what, name: nameOf(actor) })),
      })),
    );
  }
  if (order.created_by_id === row.actor_id) return [];
  const kind = row.kind === 'claimed' ? 'order_claimed' : 'order_completed';
  const creator = (await subscribers(db, kind)).find((s) => s.user_id === order.created_by_id);
  if (!creator) return [];
  return inLanguageOf(creator, () => {
    const who = { ...what, name: nameOf(actor) };
    if (row.kind === 'claimed') {
      return [{ userId: creator.user_id, kind, subject: t('Your work order #{id} at {location} was claimed', what), body: text(t('{name} claimed your work order #{id} at {location}.', who)) }];
    }
    const line = order.field_notes
      ? t('{name} completed your work order #{id} at {location}.\nField notes: {notes}', { ...who, notes: order.field_notes })
      : t('{name} completed your work order #{id} at {location}.', who);
    return [{ userId: creator.user_id, kind, subject: t('Your work order #{id} at {location} was completed', what), body: text(line) }];
  });
}

/**
 * The notices of a request taken from a label: to the full-access users who chose its location.
 * None once it is decided (a request triaged before the dispatcher came to it is news to nobody).
 * Its text is the visitor's, carried as plain text like every notice.
 */
export async function requestNotices(db: Kysely<Database>, requestId: number, publicUrl: string): Promise<Notice[]> {
  const request = await db
    .selectFrom('work_requests as r')
    .innerJoin('locations as l', 'l.id', 'r.location_id')
    .leftJoin('assets as a', 'a.id', 'r.asset_id')
    .select(['r.id', 'r.status', 'r.description', 'r.location_id', 'l.name as location_name', 'a.name as asset_name'])
    .where('r.id', '=', requestId)
    .executeTakeFirst();
  if (!request || request.status !== 'new') return [];
  const users = (await subscribers(db, 'request_created')).filter((s) => hasFullAccess(s) && locationIdsOf(s).includes(request.location_id));
  const place = request.asset_name ? `${request.location_name}, ${request.asset_name}` : request.location_name;
  return users.map((s) =>
    inLanguageOf(s, () => ({
      userId: s.user_id,
      kind: 'request_created',
      subject: t('New request #{id} at {location}', { id: request.id, location: request.location_name }),
      body: t('Someone reported a problem at {place}:\n\n"{description}"\n\nAccept or turn it down: {link}', { place, description: request.description, link: `${publicUrl}/requests` }),
    })),
  );
}

/**
 * The notices of a part that became short: to the full-access users who chose its location, the
 * one who made it short too (a shortage is a part to reorder, not news of their own act). One per
 * crossing: only the write that made the part short says so, and its history row is read once.
 */
async function shortNotices(db: Kysely<Database>, partId: number, publicUrl: string): Promise<Notice[]> {
  const part = await db
    .selectFrom('parts as p')
    .innerJoin('locations as l', 'l.id', 'p.location_id')
    .select(['p.id', 'p.name', 'p.item_number', 'p.quantity', 'p.reorder_point', 'p.location_id', 'l.name as location_name'])
    .where('p.id', '=', partId)
    .executeTakeFirst();
  // A part kept nowhere is at nobody's locations (the inner join already leaves it out; this narrows the type).
  if (!part || part.location_id === null) return [];
  const locationId = part.location_id;
  const users = (await subscribers(db, 'part_short')).filter((s) => hasFullAccess(s) && locationIdsOf(s).includes(locationId));
  const facts = { part: part.name, item: part.item_number, location: part.location_name, quantity: String(part.quantity), link: `${publicUrl}/part-detail/${part.id}` };
  return users.map((s) =>
    inLanguageOf(s, () => ({
      userId: s.user_id,
      kind: 'part_short',
      subject: t('Part short at {location}: {part}', facts),
      body:
        part.reorder_point === null
          ? t('{part} ({item}) at {location} is short: {quantity} on hand.\n\nOpen it: {link}', facts)
          : t('{part} ({item}) at {location} is short: {quantity} on hand (reorder point {point}).\n\nOpen it: {link}', { ...facts, point: String(part.reorder_point) }),
    })),
  );
}

export interface DueTask {
  id: number;
  description: string;
  location_id: number;
  location_name: string;
  due_date: string;
}

/** Unclaimed tasks due on or before `today` (a claimed task is somebody's already). */
export function dueTasks(db: Kysely<Database>, today: string): Promise<DueTask[]> {
  return db
    .selectFrom('maintenance_tasks as t')
    .innerJoin('locations as l', 'l.id', 't.location_id')
    .select(['t.id', 't.description', 't.location_id', 'l.name as location_name', 't.due_date'])
    .where('t.due_date', 'is not', null)
    .where('t.due_date', '<=', today)
    .where('t.assigned_to_id', 'is', null)
    .orderBy('t.id')
    .$narrowType<{ due_date: string }>()
    .execute();
}

/** A task found due, with what its notice says and the cycle that keeps the notice once. */
interface DueNotice {
  task: Pick<DueTask, 'id' | 'description' | 'location_id' | 'location_name'>;
  kind: Extract<NoticeKind, 'task_due' | 'task_past_due'>;
  /** Its subject and body ("is due today", "is past due (due …)", "is due by its meter (…)"), worded in the language they are said in. */
  say(link: string): { subject: string; body: string };
  /** The task's cycle: its due date, or for a meter the reading it counts from. */
  cycle: string;
}

/**
 * Unclaimed tasks by usage that their meter makes due or past due while their days do not yet
 * (docs/decisions.md: Maintenance by usage). A cycle is counted from the reading of the last
 * completion, so however many devices send readings past it, in whatever order, it is one notice.
 */
async function meterDueTasks(db: Kysely<Database>, today: string, publicUrl: string): Promise<DueNotice[]> {
  const rows = await db
    .selectFrom('maintenance_tasks')
    .selectAll()
    .where('meter_id', 'is not', null)
    .where('assigned_to_id', 'is', null)
    .where((eb) => eb.or([eb('due_date', 'is', null), eb('due_date', '>', today)]))
    .orderBy('id')
    .execute();
  if (rows.length === 0) return [];
  const relations = await new MaintenanceRepository(db).relationsOf(rows);
  const found: DueNotice[] = [];
  for (const row of rows) {
    const task = presentTask(row, relations, today, publicUrl);
    const verdict = task.meter && task.meter_interval !== null && task.meter_used !== null ? meterVerdict(task.meter_used, task.meter_interval) : null;
    if (verdict !== 'DUE' && verdict !== 'PAST_DUE') continue;
    const counted = task.meter_last_reading ? `${task.meter_last_reading.value} ${task.meter!.unit}` : '';
    const facts = { task: task.description.full_description, location: task.location.name, meter: task.meter!.name, reading: counted, dueAt: String(task.meter_due_at), unit: task.meter!.unit };
    found.push({
      task: { id: task.id, description: task.description.full_description, location_id: task.location_id, location_name: task.location.name },
      kind: verdict === 'DUE' ? 'task_due' : 'task_past_due',
      say: (link) =>
        verdict === 'DUE'
          ? {
              subject: t('Task is due by its meter at {location}', facts),
              body: t('The maintenance task "{task}" at {location} is due by its meter ({meter} at {reading}, due at {dueAt} {unit}).\n\nOpen it: {link}', { ...facts, link }),
            }
          : {
              subject: t('Task is past due by its meter at {location}', facts),
              body: t('The maintenance task "{task}" at {location} is past due by its meter ({meter} at {reading}, due at {dueAt} {unit}).\n\nOpen it: {link}', { ...facts, link }),
            },
      cycle: `meter-${row.meter_id}-${row.meter_since_at ?? 'first'}`,
    });
  }
  return found;
}

/** The due and past-due notices of `today`, each with the key that makes it once per task, cycle (a due date, a meter's), kind and user. */
export async function taskNotices(db: Kysely<Database>, today: string, publicUrl: string): Promise<(Notice & { key: string })[]> {
  const users = (await subscribers(db, 'task_due')).filter(hasFullAccess);
  if (users.length === 0) return [];
  const byDays = (await dueTasks(db, today)).map((task): DueNotice => {
    const kind = task.due_date === today ? 'task_due' : 'task_past_due';
    const facts = { task: task.description, location: task.location_name, date: task.due_date };
    return {
      task,
      kind,
      say: (link) =>
        kind === 'task_due'
          ? { subject: t('Task is due today at {location}', facts), body: t('The maintenance task "{task}" at {location} is due today.\n\nOpen it: {link}', { ...facts, link }) }
          : {
              subject: t('Task is past due (due {date}) at {location}', facts),
              body: t('The maintenance task "{task}" at {location} is past due (due {date}).\n\nOpen it: {link}', { ...facts, link }),
            },
      cycle: task.due_date,
    };
  });
  const notices: (Notice & { key: string })[] = [];
  for (const { task, kind, say, cycle } of [...byDays, ...(await meterDueTasks(db, today, publicUrl))]) {
    const link = `${publicUrl}/maintenance-detail/${task.id}`;
    for (const s of users) {
      if (!locationIdsOf(s).includes(task.location_id)) continue;
      notices.push({ key: `task:${task.id}:${cycle}:${kind}:${s.user_id}`, userId: s.user_id, kind, ...inLanguageOf(s, () => say(link)) });
    }
  }
  return notices;
}

/** Queues notices for their mails: at once, or (digest users) with the next daily digest. */
export async function queueNotices(trx: Transaction<Database>, notices: readonly Notice[], now: string): Promise<void> {
  if (notices.length === 0) return;
  const digestUsers = new Set(
    (
      await trx
        .selectFrom('notification_settings')
        .select('user_id')
        .where('user_id', 'in', [...new Set(notices.map((n) => n.userId))])
        .where('digest', '=', 1)
        .execute()
    ).map((r) => r.user_id),
  );
  await trx
    .insertInto('notification_queue')
    .values(notices.map((n) => ({ user_id: n.userId, kind: n.kind, subject: n.subject, body: n.body, created_at: now, send_after: digestUsers.has(n.userId) ? null : now })))
    .execute();
}
