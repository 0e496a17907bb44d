/**
 * The mails of requests from labels (docs/decisions.md: Requests at the label). What may mail
 * someone is queued as an event of the request, in the transaction of the write it tells of: the
 * request taken (its supervisors' notices), its decision (its sender's mail), its work order's
 * completion (the sender's mail; queued by the dispatcher as it reads the order's history). A
 * rolled-back write queues nothing, and each request and kind is queued once (the unique key).
 * Nothing is mailed here: the dispatcher claims each event and mails it, from another process if
 * need be, never inside the HTTP request that queued it.
 */
import type { Kysely } from 'kysely';
import type { Database, RequestEventKind } from '../../db/schema.js';
import type { WorkRequestRow } from '../requests/requests.repository.js';

/** An address as the stop list keys it: one owner's mailbox whatever the case it was typed in. */
export const stopKey = (email: string): string => email.toLowerCase();

/** Queues an event of a request, once per request and kind (a second queueing changes nothing). */
export async function queueRequestEvent(db: Kysely<Database>, requestId: number, kind: RequestEventKind, now: string): Promise<void> {
  await db
    .insertInto('request_events')
    .values({ request_id: requestId, kind, created_at: now, send_after: now })
    .onConflict((oc) => oc.columns(['request_id', 'kind']).doNothing())
    .execute();
}

/** The decision's mail to the request's sender; none for a request that left no address. */
export async function queueDecisionMail(db: Kysely<Database>, request: Pick<WorkRequestRow, 'id' | 'email' | 'status'>, now: string): Promise<void> {
  if (request.email === null || request.status === 'new') return;
  await queueRequestEvent(db, request.id, request.status, now);
}

/**
 * The completion's mail to the sender of the request a completed work order was made from, if it
 * left an address. Only an accepted request's: one turned down as the duplicate of an order links
 * to it too, but stays turned down (its status page never says done).
 */
export async function queueCompletionMail(db: Kysely<Database>, workOrderId: number, now: string): Promise<void> {
  const rows = await db
    .selectFrom('work_requests')
    .select('id')
    .where('work_order_id', '=', workOrderId)
    .where('status', '=', 'accepted')
    .where('email', 'is not', null)
    .execute();
  for (const row of rows) await queueRequestEvent(db, row.id, 'completed', now);
}

/** The addresses that asked, from a request's mail, for no more mails about requests. */
export class RequestMailStopsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async isStopped(email: string): Promise<boolean> {
    return (await this.db.selectFrom('request_mail_stops').select('email').where('email', '=', stopKey(email)).executeTakeFirst()) !== undefined;
  }

  /** Stops every later request mail to the address; false when it was stopped already (the link is used). */
  async stop(email: string, now: string): Promise<boolean> {
    const done = await this.db
      .insertInto('request_mail_stops')
      .values({ email: stopKey(email), stopped_at: now })
      .onConflict((oc) => oc.column('email').doNothing())
      .executeTakeFirst();
    return Number(done.numInsertedOrUpdatedRows ?? 0) === 1;
  }
}
