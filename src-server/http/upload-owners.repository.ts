/** Who stored which uploaded file, and how many bytes each user keeps stored. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export class UploadOwnersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async bytesOwnedBy(ownerId: number): Promise<number> {
    const row = await this.db
      .selectFrom('upload_owners')
      .select(sql<string | number | null>`sum(size)`.as('total'))
      .where('owner_id', '=', ownerId)
      .executeTakeFirst();
    return Number(row?.total ?? 0);
  }

  async record(ownerId: number, files: { storedName: string; size: number }[], at: string): Promise<void> {
    if (!files.length) return;
    await this.db
      .insertInto('upload_owners')
      .values(files.map((f) => ({ stored_name: f.storedName, owner_id: ownerId, size: f.size, created_at: at })))
      .execute();
  }

  async forget(storedNames: string[]): Promise<void> {
    if (!storedNames.length) return;
    await this.db.deleteFrom('upload_owners').where('stored_name', 'in', storedNames).execute();
  }
}
