import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';
import { logChangesOf } from './0011_change_log.js';

/**
 * Meters join the working set devices keep (docs/decisions.md: Meters and readings): a meter's
 * change, and each reading added or voided, is a change of the meter in the change log, so a device
 * pulls the meter again with its last reading, pace and recent readings. The meters already there
 * are logged once, so devices synced before this learn of them.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await logChangesOf(db, dialect, { table: 'meters', entity: 'meters', idColumn: 'id', own: true });
  await logChangesOf(db, dialect, { table: 'meter_readings', entity: 'meters', idColumn: 'meter_id', own: false });
  const now = new Date().toISOString();
  await sql`insert into change_log (entity, record_id, op, changed_at) select 'meters', id, 'upsert', cast(${now} as text) from meters order by id`.execute(db);
}
