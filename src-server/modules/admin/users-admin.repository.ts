/** The queries behind user administration; the rules are in users-admin.service.ts. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { likeIgnoringCase, likePattern, toCount, type DialectName } from '../../db/dialect.js';
import type { PageWindow } from '../../http/pagination.js';
import type { UserRow } from '../users/users.repository.js';

export class UsersAdminRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {}

  /** Runs `work` in one transaction, with a repository bound to it. */
  transaction<T>(work: (repo: UsersAdminRepository, trx: Kysely<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new UsersAdminRepository(trx, this.dialect), trx));
  }

  /** Users matching `search` (first or last name, full name or email, any case), newest first; all of them without a window. */
  async list(search: string | undefined, window?: PageWindow): Promise<{ count: number; rows: UserRow[] }> {
    let base = this.db.selectFrom('users');
    const text = search?.trim();
    if (text) {
      const pattern = likePattern(text);
      base = base.where((eb) =>
        eb.or([
          likeIgnoringCase(eb.ref('first_name'), pattern),
          likeIgnoringCase(eb.ref('last_name'), pattern),
          likeIgnoringCase(sql<string>`${eb.ref('first_name')} || ' ' || ${eb.ref('last_name')}`, pattern),
          likeIgnoringCase(eb.ref('email'), pattern),
        ]),
      );
    }
    let rows = base.selectAll().orderBy('id', 'desc');
    if (window) rows = rows.limit(window.limit).offset(window.offset);
    const [countRow, found] = await Promise.all([base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(), rows.execute()]);
    return { count: toCount(countRow.n), rows: found };
  }

  /**
   * The rows of `ids`, plus every active staff user when `withActiveStaff`, read inside a
   * transaction and (PostgreSQL) locked until it ends; SQLite runs one writing transaction at a
   * time anyway. One statement in id order, so two changes locking overlapping users always take
   * them in the same order and cannot deadlock.
   */
  async lockUsers(ids: number[], withActiveStaff: boolean): Promise<UserRow[]> {
    const query = this.db
      .selectFrom('users')
      .selectAll()
      .where((eb) => {
        const named = eb('id', 'in', ids);
        return withActiveStaff ? eb.or([named, eb.and([eb('is_staff', '=', 1), eb('is_active', '=', 1)])]) : named;
      })
      .orderBy('id');
    return (this.dialect === 'postgres' ? query.forUpdate() : query).execute();
  }

  async hasActiveStaff(): Promise<boolean> {
    const row = await this.db.selectFrom('users').select('id').where('is_staff', '=', 1).where('is_active', '=', 1).limit(1).executeTakeFirst();
    return row !== undefined;
  }
}
