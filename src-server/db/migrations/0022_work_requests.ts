import type { Kysely } from 'kysely';
import { withId, type DialectName } from '../dialect.js';

/**
 * Requests from people without an account (docs/decisions.md: Requests at the label).
 *
 * - `work_requests`: what a visitor sent from a label's form: where (the label's location, and its
 *   asset for an asset's label), what, an optional photo and contact, the token of its status page,
 *   the Idempotency-Key it was sent with (one request however often it is sent again), and the
 *   triage: accepted into a work order, or rejected with a reason, by whom and when. `code` is the
 *   label's, for the limit of requests per label and day.
 * - `request_closed_locations`: the locations whose labels take no requests.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await withId(db.schema.createTable('work_requests'), dialect)
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('idempotency_key', 'text', (c) => c.unique())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('location_id', 'integer', (c) => c.notNull().references('locations.id').onDelete('cascade'))
    .addColumn('asset_id', 'integer', (c) => c.references('assets.id').onDelete('set null'))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('photo', 'text')
    .addColumn('photo_name', 'text')
    .addColumn('photo_type', 'text')
    .addColumn('photo_size', 'integer')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('new'))
    .addColumn('reason', 'text')
    .addColumn('work_order_id', 'integer', (c) => c.references('work_orders.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('decided_at', 'text')
    .addColumn('decided_by_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('work_requests_status').on('work_requests').columns(['status', 'id']).execute();
  await db.schema.createIndex('work_requests_code').on('work_requests').columns(['code', 'created_at']).execute();
  await db.schema.createIndex('work_requests_location').on('work_requests').columns(['location_id', 'id']).execute();

  await db.schema
    .createTable('request_closed_locations')
    .addColumn('location_id', 'integer', (c) => c.primaryKey().references('locations.id').onDelete('cascade'))
    .addColumn('closed_at', 'text', (c) => c.notNull())
    .execute();
}
