import { sql, type Kysely } from 'kysely';
import { realType, type DialectName } from '../dialect.js';
import { SQLITE_NOW } from './0011_change_log.js';

/**
 * Maintenance by usage (docs/decisions.md: Maintenance by usage): a task may name a meter and an
 * interval in its units.
 *
 * - `maintenance_tasks.meter_id`, `.meter_interval`: both or neither; a meter removed leaves the task
 *   by days only.
 * - `maintenance_tasks.meter_since_value`, `.meter_since_at`: the reading the task counts from, that
 *   of its last completion (or the meter's latest when it was set on the task; none when the meter
 *   had no reading then: counting starts at its first).
 *
 * - `task_completions.meter_late`: a task by usage's completion made when its meter had it past due
 *   (the key figures' compliance counts it late); null for a task by days only.
 *
 * A task's status and figures follow its meter's readings, so a reading added or voided, and a
 * meter renamed, is also a change of every task that names the meter in the change log: devices
 * pull those tasks again.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema.alterTable('maintenance_tasks').addColumn('meter_id', 'integer', (c) => c.references('meters.id').onDelete('set null')).execute();
  await db.schema.alterTable('maintenance_tasks').addColumn('meter_interval', realType(dialect)).execute();
  await db.schema.alterTable('maintenance_tasks').addColumn('meter_since_value', realType(dialect)).execute();
  await db.schema.alterTable('maintenance_tasks').addColumn('meter_since_at', 'text').execute();
  await db.schema.createIndex('maintenance_tasks_meter').on('maintenance_tasks').column('meter_id').execute();
  await db.schema.alterTable('task_completions').addColumn('meter_late', 'integer').execute();

  if (dialect === 'postgres') {
    await sql`create function task_meter_log() returns trigger language plpgsql set search_path from current as $$
      declare
        meter bigint;
        now_text text := to_char(clock_timestamp() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
      begin
        -- A field is looked up only on the branch taken: a meter's row has no meter_id.
        if tg_table_name = 'meters' then meter := new.id; else meter := new.meter_id; end if;
        insert into change_log (entity, record_id, op, changed_at)
        select 'maintenance', id, 'upsert', now_text from maintenance_tasks where meter_id = meter order by id;
        return null;
      end $$`.execute(db);
    await sql`create trigger meter_readings_tasks_log after insert or update on meter_readings for each row execute function task_meter_log()`.execute(db);
    await sql`create trigger meters_tasks_log after update on meters for each row execute function task_meter_log()`.execute(db);
    return;
  }
  const log = (meter: string) => `insert into change_log (entity, record_id, op, changed_at) select 'maintenance', id, 'upsert', ${SQLITE_NOW} from maintenance_tasks where meter_id = ${meter} order by id;`;
  await sql.raw(`create trigger meter_readings_tasks_insert after insert on meter_readings begin ${log('new.meter_id')} end`).execute(db);
  await sql.raw(`create trigger meter_readings_tasks_update after update on meter_readings begin ${log('new.meter_id')} end`).execute(db);
  await sql.raw(`create trigger meters_tasks_update after update on meters begin ${log('new.id')} end`).execute(db);
}
