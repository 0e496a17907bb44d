import type { Insertable, Kysely, Selectable } from 'kysely';
import type { ContactMessagesTable, Database } from '../../db/schema.js';
import { toCount } from '../../db/dialect.js';
import type { PageWindow } from '../../http/pagination.js';

export type ContactMessageRow = Selectable<ContactMessagesTable>;

export class ContactRepository {
  constructor(private readonly db: Kysely<Database>) {}

  create(values: Insertable<ContactMessagesTable>): Promise<ContactMessageRow> {
    return this.db.insertInto('contact_messages').values(values).returningAll().executeTakeFirstOrThrow();
  }

  /** Newest first. */
  async page(window: PageWindow): Promise<{ count: number; rows: ContactMessageRow[] }> {
    const [countRow, rows] = await Promise.all([
      this.db.selectFrom('contact_messages').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      this.db.selectFrom('contact_messages').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(window.limit).offset(window.offset).execute(),
    ]);
    return { count: toCount(countRow.n), rows };
  }

  /** Marks a message read (now) or unread; undefined when it does not exist. */
  setRead(id: number, read: boolean, at: string): Promise<ContactMessageRow | undefined> {
    return this.db
      .updateTable('contact_messages')
      // Read twice keeps the first time it was read.
      .set((eb) => ({ read_at: read ? eb.fn.coalesce('read_at', eb.val(at)) : null }))
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  /** Addresses of the active staff, who are told about each message. */
  async staffEmails(): Promise<string[]> {
    const rows = await this.db.selectFrom('users').select('email').where('is_staff', '=', 1).where('is_active', '=', 1).orderBy('id').execute();
    return rows.map((r) => r.email);
  }
}
