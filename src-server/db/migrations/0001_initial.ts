import type { Kysely } from 'kysely';
import { realType, withId, type DialectName } from '../dialect.js';

/** The whole first schema. Later changes get migrations of their own. */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const real = realType(dialect);
  const table = (name: string) => withId(db.schema.createTable(name), dialect);

  await table('users')
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('email_normalized', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('first_name', 'varchar(150)', (c) => c.notNull())
    .addColumn('last_name', 'varchar(150)', (c) => c.notNull())
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_staff', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('full_feature_access', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_login', 'text')
    .addColumn('date_joined', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('jti', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('family_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('issued_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('replaced_by', 'varchar(64)')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('refresh_tokens_family').on('refresh_tokens').column('family_id').execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('key', 'varchar(255)', (c) => c.notNull())
    .addColumn('fingerprint', 'varchar(64)', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('response_status', 'integer')
    .addColumn('response_type', 'varchar(255)')
    .addColumn('response_body', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_created').on('idempotency_keys').column('created_at').execute();

  await table('locations')
    .addColumn('location_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('address', 'varchar(255)', (c) => c.notNull())
    .addColumn('city', 'varchar(255)', (c) => c.notNull())
    .addColumn('state', 'varchar(255)', (c) => c.notNull())
    .addColumn('postal_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('phone_number', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('epos', 'varchar(255)')
    .addColumn('verifone_id', 'varchar(255)')
    .addColumn('sagenet_id', 'varchar(255)')
    .addColumn('occ_id', 'varchar(255)')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await table('vendors')
    .addColumn('name', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('address', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('city', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('state', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('postal_code', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('telephone_number', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await table('assets')
    .addColumn('brand', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('asset_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('serial_number', 'varchar(255)', (c) => c.notNull())
    .addColumn('location_id', 'integer', (c) => c.references('locations.id').onDelete('set null'))
    .addColumn('acquisition_date', 'text')
    .addColumn('purchase_price', real)
    .addColumn('thumbnail', 'varchar(255)')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('assets_location').on('assets').columns(['location_id', 'name']).execute();

  await table('work_orders')
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('location_id', 'integer', (c) => c.notNull().references('locations.id'))
    .addColumn('created_by_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('assigned_to_id', 'integer', (c) => c.references('users.id'))
    .addColumn('claimed_at', 'text')
    .addColumn('field_notes', 'text')
    .addColumn('completed_at', 'text')
    .addColumn('completed_by_id', 'integer', (c) => c.references('users.id'))
    .execute();
  await db.schema.createIndex('work_orders_created').on('work_orders').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('work_orders_location_created').on('work_orders').columns(['location_id', 'created_at', 'id']).execute();

  await table('work_order_attachments')
    .addColumn('work_order_id', 'integer', (c) => c.notNull().references('work_orders.id').onDelete('cascade'))
    .addColumn('stored_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('original_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('content_type', 'varchar(255)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('work_order_attachments_order').on('work_order_attachments').column('work_order_id').execute();

  await table('maintenance_tasks')
    .addColumn('location_id', 'integer', (c) => c.notNull().references('locations.id'))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('recurrence_interval', 'integer', (c) => c.notNull())
    .addColumn('last_completed_date', 'text')
    .addColumn('completed_through_system', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('task_notes', 'text')
    .addColumn('created_by_id', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('assigned_to_id', 'integer', (c) => c.references('users.id'))
    .addColumn('claimed_at', 'text')
    .addColumn('last_completed_by_id', 'integer', (c) => c.references('users.id'))
    .addColumn('last_completed_at', 'text')
    .addColumn('field_notes', 'text')
    .execute();
  await db.schema.createIndex('maintenance_tasks_location').on('maintenance_tasks').column('location_id').execute();

  await table('task_completions')
    .addColumn('task_id', 'integer', (c) => c.notNull().references('maintenance_tasks.id').onDelete('cascade'))
    .addColumn('completed_by_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('completed_at', 'text', (c) => c.notNull())
    .addColumn('completed_date', 'text', (c) => c.notNull())
    .addColumn('field_notes', 'text')
    .execute();

  await table('chemicals')
    .addColumn('brand', 'varchar(255)', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('chemical_type', 'varchar(64)', (c) => c.notNull())
    .addColumn('thumbnail', 'varchar(255)')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await table('chemical_locations')
    .addColumn('chemical_id', 'integer', (c) => c.notNull().references('chemicals.id').onDelete('cascade'))
    .addColumn('location_id', 'integer', (c) => c.notNull().references('locations.id').onDelete('cascade'))
    .addColumn('current_quantity', real, (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('chemical_locations_unique', ['chemical_id', 'location_id'])
    .execute();

  await table('parts')
    .addColumn('brand', 'varchar(255)', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('part_type', 'varchar(64)', (c) => c.notNull())
    .addColumn('item_number', 'varchar(64)', (c) => c.notNull())
    .addColumn('location_id', 'integer', (c) => c.references('locations.id').onDelete('set null'))
    .addColumn('quantity', real, (c) => c.notNull().defaultTo(0))
    .addColumn('thumbnail', 'varchar(255)')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await table('quantity_records')
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('chemical_location_id', 'integer', (c) => c.references('chemical_locations.id').onDelete('cascade'))
    .addColumn('part_id', 'integer', (c) => c.references('parts.id').onDelete('cascade'))
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('quantity', real, (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('quantity_records_chemical').on('quantity_records').columns(['chemical_location_id', 'date']).execute();
  await db.schema.createIndex('quantity_records_part').on('quantity_records').columns(['part_id', 'date']).execute();

  await table('wash_packages')
    .addColumn('location_id', 'integer', (c) => c.notNull().references('locations.id').onDelete('cascade'))
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await table('wash_records')
    .addColumn('wash_package_id', 'integer', (c) => c.notNull().references('wash_packages.id').onDelete('cascade'))
    .addColumn('location_id', 'integer', (c) => c.notNull().references('locations.id').onDelete('cascade'))
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('wash_records_location_date').on('wash_records').columns(['location_id', 'date']).execute();

  await table('contact_messages')
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await table('devices')
    .addColumn('installation_id', 'varchar(128)', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('app_version', 'varchar(32)', (c) => c.notNull())
    .addColumn('platform', 'varchar(16)', (c) => c.notNull())
    .addColumn('device_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('os_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('os_version', 'varchar(255)', (c) => c.notNull())
    .addColumn('is_pwa', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .execute();
}
