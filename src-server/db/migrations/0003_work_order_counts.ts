import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * Keeps the number of work orders per location (and in all, under location 0) in a small table,
 * maintained by triggers so every insert path (API, demo data, bulk loads) counts. The paged list
 * then reads its `count` with one primary-key lookup instead of counting 100,000 rows per request.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('work_order_counts')
    .addColumn('location_id', 'integer', (c) => c.primaryKey())
    .addColumn('n', 'integer', (c) => c.notNull())
    .execute();
  await sql`insert into work_order_counts (location_id, n) select 0, count(*) from work_orders`.execute(db);
  await sql`insert into work_order_counts (location_id, n) select location_id, count(*) from work_orders group by location_id`.execute(db);

  if (dialect === 'sqlite') {
    await sql`create trigger work_order_counts_insert after insert on work_orders begin
      insert into work_order_counts (location_id, n) values (0, 1), (new.location_id, 1)
        on conflict (location_id) do update set n = n + 1;
    end`.execute(db);
    await sql`create trigger work_order_counts_delete after delete on work_orders begin
      update work_order_counts set n = n - 1 where location_id in (0, old.location_id);
    end`.execute(db);
    await sql`create trigger work_order_counts_move after update of location_id on work_orders
      when old.location_id <> new.location_id begin
      update work_order_counts set n = n - 1 where location_id = old.location_id;
      insert into work_order_counts (location_id, n) values (new.location_id, 1)
        on conflict (location_id) do update set n = n + 1;
    end`.execute(db);
    return;
  }
  await sql`create function work_order_counts_track() returns trigger language plpgsql as $$
    begin
      if tg_op in ('DELETE', 'UPDATE') then
        update work_order_counts set n = n - 1 where location_id in (0, old.location_id);
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        insert into work_order_counts (location_id, n) values (0, 1), (new.location_id, 1)
          on conflict (location_id) do update set n = work_order_counts.n + 1;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger work_order_counts_change after insert or delete or update of location_id on work_orders
    for each row execute function work_order_counts_track()`.execute(db);
}
