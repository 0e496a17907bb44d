/** Sign-in attempts per account address (migration 0010), for the per-account sign-in limit. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface AttemptCount {
  /** Attempts since the first failed one of the current window, this one included. */
  failures: number;
  /** When the window began (the first failure in it). */
  first_failed_at: string;
}

export class LoginFailuresRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Counts an attempt at `account` before its password is checked, in one statement, and answers
   * the count: concurrent guesses cannot all slip in under the limit, as they could if the count
   * were read first and raised after the (slow) password check. A window that began before
   * `windowStart` has ended: the count starts again at 1. A successful sign-in clears the count.
   */
  attempt(account: string, now: string, windowStart: string): Promise<AttemptCount> {
    return this.db
      .insertInto('login_failures')
      .values({ account, failures: 1, first_failed_at: now })
      .onConflict((oc) =>
        oc.column('account').doUpdateSet((eb) => ({
          failures: eb.case().when('login_failures.first_failed_at', '>=', windowStart).then(eb('login_failures.failures', '+', 1)).else(1).end(),
          first_failed_at: eb.case().when('login_failures.first_failed_at', '>=', windowStart).then(eb.ref('login_failures.first_failed_at')).else(now).end(),
        })),
      )
      .returning(['failures', 'first_failed_at'])
      .executeTakeFirstOrThrow();
  }

  /** Forgets the attempts at `account` (it has just signed in). */
  async clear(account: string): Promise<void> {
    await this.db.deleteFrom('login_failures').where('account', '=', account).execute();
  }

  /** Drops the counts of windows that began before `windowStart`: they limit nothing any more. */
  async purge(windowStart: string): Promise<void> {
    await this.db.deleteFrom('login_failures').where('first_failed_at', '<', windowStart).execute();
  }
}
