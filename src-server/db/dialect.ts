/**
 * The one place that knows which database engine runs. Everything else writes portable Kysely.
 */
import { expressionBuilder, PostgresAdapter, sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Database } from './schema.js';

export type DialectName = 'sqlite' | 'postgres';

/** Adds an auto-increment integer primary key named `id`. */
export function withId<T extends string>(table: CreateTableBuilder<T, never>, dialect: DialectName): CreateTableBuilder<T, 'id'> {
  return dialect === 'sqlite'
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity());
}

/** Column type for real numbers (quantities, prices). */
export function realType(dialect: DialectName): 'real' | 'double precision' {
  return dialect === 'sqlite' ? 'real' : 'double precision';
}

export type ColumnBuild = (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;

/** Counts come back as numbers from SQLite and as strings (bigint) from PostgreSQL. */
export function toCount(value: string | number | bigint | null | undefined): number {
  return value === null || value === undefined ? 0 : Number(value);
}

/** Escapes LIKE wildcards so user text matches literally (both engines use backslash with ESCAPE). */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** `lower(column) LIKE pattern` with backslash escapes, the same on both engines (pair with likePattern). */
export function likeIgnoringCase(column: Expression<string>, pattern: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${column}) like ${pattern} escape '\\'`;
}

/**
 * The search of the work-order and task lists (behaviour §9): the record's description, or the name
 * of its location, contains the text in any case.
 */
export function descriptionOrLocationLike(description: Expression<string>, locationId: Expression<number>, text: string): Expression<SqlBool> {
  const pattern = likePattern(text);
  const eb = expressionBuilder<Database, never>();
  return eb.or([
    likeIgnoringCase(description, pattern),
    eb(locationId, 'in', eb.selectFrom('locations').select('locations.id').where((inner) => likeIgnoringCase(inner.ref('locations.name'), pattern))),
  ]);
}

/**
 * Seconds from one stored ISO-8601 instant to another, as a real number (the key figures' mean
 * times). SQLite reckons in Julian days; PostgreSQL reads the text as timestamptz.
 */
export function secondsBetween(dialect: DialectName, start: Expression<string | null>, end: Expression<string | null>): Expression<number> {
  return dialect === 'sqlite'
    ? sql<number>`((julianday(${end}) - julianday(${start})) * 86400.0)`
    : sql<number>`extract(epoch from (cast(${end} as timestamptz) - cast(${start} as timestamptz)))`;
}

/**
 * A text column to be compared byte by byte, as stored ISO-8601 times and dates sort. SQLite
 * compares bytes already; PostgreSQL compares text through the database's collation, which costs
 * a call into the locale per comparison (doubling the key figures' per-row work even on C.UTF-8).
 * For comparisons made per row; a condition an index should serve keeps the column as it is.
 */
export function bytewise(dialect: DialectName, text: Expression<string | null>): Expression<string | null> {
  return dialect === 'postgres' ? sql<string | null>`(${text} collate "C")` : text;
}

/** The engine behind a Kysely instance (a transaction's too), for code handed only the database. */
export function engineOf(db: Kysely<Database>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/**
 * A read inside a writing transaction whose rows stay as read until it ends (what an edit's history
 * says it changed): FOR UPDATE on PostgreSQL; SQLite's writing transactions hold the whole database
 * from their start (`begin immediate`, db/database.ts), so the plain read already is.
 */
export function lockedRead<Q extends { forUpdate(): Q }>(db: Kysely<Database>, query: Q): Q {
  return engineOf(db) === 'postgres' ? query.forUpdate() : query;
}

/** The distinct non-null ids of a list, for batch-loading related rows of one page. */
export function distinctIds(ids: (number | null)[]): number[] {
  return [...new Set(ids.filter((v): v is number => v !== null))];
}

/**
 * After rows were inserted with explicit ids, moves PostgreSQL's identity sequence past them so
 * later inserts do not collide. SQLite's autoincrement follows the largest id by itself.
 */
export async function resyncIdentity(db: Kysely<Database>, dialect: DialectName, table: keyof Database): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`select setval(pg_get_serial_sequence(${table}, 'id'), greatest((select max(id) from ${sql.table(table)}), 1))`.execute(db);
}
