import type { Kysely } from 'kysely';
import { withId, type DialectName } from '../dialect.js';

/**
 * The mails of requests from labels (docs/decisions.md: Requests at the label).
 *
 * - `notification_settings.request_created`: a full-access user asks to be mailed about new requests
 *   at their chosen locations (a notice like the others: hourly limit, digest).
 * - `request_events`: what of a request may mail someone, one row per request and kind (the unique
 *   key: once however many processes look). `created` is written with the request, `accepted` and
 *   `rejected` with the decision (only for a request with an email), `completed` by the dispatcher
 *   from its work order's history. The dispatcher claims each by a conditional UPDATE of
 *   `claim_key` (where it is null): `created` becomes the supervisors' notices in the transaction
 *   that claims it, the others one mail to the sender. A mail that fails is given back with
 *   `send_after` later and `attempts` one more; `outcome` says what became of it.
 * - `request_mail_stops`: the addresses whose owner unsubscribed from requests' mails (lower case),
 *   whichever request's mail they did it from. No request mails them again.
 *
 * Requests sent before this version announce nothing; their later decisions and completions mail
 * their senders as any other's.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema.alterTable('notification_settings').addColumn('request_created', 'integer', (c) => c.notNull().defaultTo(0)).execute();

  await withId(db.schema.createTable('request_events'), dialect)
    .addColumn('request_id', 'integer', (c) => c.notNull().references('work_requests.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('send_after', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('claim_key', 'text')
    .addColumn('claimed_at', 'text')
    .addColumn('outcome', 'text')
    .addUniqueConstraint('request_events_once', ['request_id', 'kind'])
    .execute();
  await db.schema.createIndex('request_events_waiting').on('request_events').columns(['claim_key', 'send_after']).execute();
  // A completed work order looks up the request it came from: index work_requests_work_order (0023).

  await db.schema
    .createTable('request_mail_stops')
    .addColumn('email', 'text', (c) => c.primaryKey())
    .addColumn('stopped_at', 'text', (c) => c.notNull())
    .execute();
}
