/** Applies pending migrations in order, recording each in `schema_migrations`. */
import { sql, type Kysely } from 'kysely';
import type { Db } from './database.js';
import { migrations } from './migrations/index.js';

const LOCK_ID = 482_913_771; // advisory lock key: one migrator at a time across processes (PostgreSQL)

export async function migrate({ db, dialect }: Db): Promise<string[]> {
  const raw = db as unknown as Kysely<{ schema_migrations: { name: string; applied_at: string } }>;
  const run = async (trx: Kysely<{ schema_migrations: { name: string; applied_at: string } }>) => {
    if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${LOCK_ID})`.execute(trx);
    await trx.schema
      .createTable('schema_migrations')
      .ifNotExists()
      .addColumn('name', 'varchar(255)', (c) => c.primaryKey())
      .addColumn('applied_at', 'text', (c) => c.notNull())
      .execute();
    const done = new Set((await trx.selectFrom('schema_migrations').select('name').execute()).map((r) => r.name));
    const applied: string[] = [];
    for (const m of migrations) {
      if (done.has(m.name)) continue;
      await m.up(trx as unknown as Kysely<unknown>, dialect);
      await trx.insertInto('schema_migrations').values({ name: m.name, applied_at: new Date().toISOString() }).execute();
      applied.push(m.name);
    }
    return applied;
  };
  // Both engines have transactional DDL, so a failed migration leaves nothing half-done.
  return raw.transaction().execute(run);
}

/**
 * The code's migrations the database has not recorded (the readiness check). A database missing
 * the record table, or unreachable, throws. Migrations recorded beyond the code's (a newer server
 * migrated it) are not pending: this server's own tables are all there.
 */
export async function pendingMigrations({ db }: Db): Promise<string[]> {
  const raw = db as unknown as Kysely<{ schema_migrations: { name: string } }>;
  const applied = new Set((await raw.selectFrom('schema_migrations').select('name').execute()).map((r) => r.name));
  return migrations.map((m) => m.name).filter((name) => !applied.has(name));
}
