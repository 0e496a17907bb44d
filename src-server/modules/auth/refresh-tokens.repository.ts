/** The refresh-token rows behind logins: one family per login, each rotation a new row. */
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, RefreshTokensTable } from '../../db/schema.js';

export type RefreshTokenRow = Selectable<RefreshTokensTable>;

export class RefreshTokensRepository {
  constructor(private readonly db: Kysely<Database>) {}

  find(jti: string): Promise<RefreshTokenRow | undefined> {
    return this.db.selectFrom('refresh_tokens').selectAll().where('jti', '=', jti).executeTakeFirst();
  }

  /**
   * Marks `jti` replaced by a new row and stores that row, in one transaction: nobody ever sees a
   * successor that does not exist, and of two concurrent rotations of one token only one wins.
   * False when the token was already replaced.
   */
  async replace(jti: string, successor: Insertable<RefreshTokensTable>): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const res = await trx.updateTable('refresh_tokens').set({ replaced_by: successor.jti }).where('jti', '=', jti).where('replaced_by', 'is', null).executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) return false;
      await trx.insertInto('refresh_tokens').values(successor).execute();
      return true;
    });
  }

  async insert(row: Insertable<RefreshTokensTable>): Promise<void> {
    await this.db.insertInto('refresh_tokens').values(row).execute();
  }

  async revokeFamily(familyId: string, at: string): Promise<void> {
    await this.db.updateTable('refresh_tokens').set({ revoked_at: at }).where('family_id', '=', familyId).where('revoked_at', 'is', null).execute();
  }

  async revokeAllForUser(userId: number, at: string): Promise<void> {
    await this.db.updateTable('refresh_tokens').set({ revoked_at: at }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
  }

  /** Drops rows that expired before `expiredBefore` or were revoked before `revokedBefore`. */
  async purge(expiredBefore: string, revokedBefore: string): Promise<void> {
    await this.db
      .deleteFrom('refresh_tokens')
      .where((eb) => eb.or([eb('expires_at', '<', expiredBefore), eb('revoked_at', '<', revokedBefore)]))
      .execute();
  }
}
