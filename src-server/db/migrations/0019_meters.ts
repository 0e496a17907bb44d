import type { Kysely } from 'kysely';
import { realType, withId, type DialectName } from '../dialect.js';

/**
 * Meters on assets and their readings (docs/decisions.md: Meters and readings). A meter goes with
 * its asset, and its readings with it. Readings are kept in the order they were taken
 * (`meter_readings_taken`); a voided one stays, with `void` set. `flagged`: far above the meter's
 * pace when it was taken (shared/rules/meter-readings.ts).
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await withId(db.schema.createTable('meters'), dialect)
    .addColumn('asset_id', 'integer', (c) => c.notNull().references('assets.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('unit', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('meters_asset').on('meters').columns(['asset_id', 'id']).execute();

  await withId(db.schema.createTable('meter_readings'), dialect)
    .addColumn('meter_id', 'integer', (c) => c.notNull().references('meters.id').onDelete('cascade'))
    .addColumn('value', realType(dialect), (c) => c.notNull())
    .addColumn('taken_at', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('reset', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reason', 'text')
    .addColumn('void', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('flagged', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('meter_readings_taken').on('meter_readings').columns(['meter_id', 'taken_at', 'id']).execute();
}
