import type { Kysely } from 'kysely';
import { codedAreaOf, type CodeTarget } from '../../../shared/rules/record-codes.js';
import type { Database } from '../../db/schema.js';

export class CodesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The record a well-formed code (`readCode`) names: its letter says which table, the unique index finds it. */
  async find(code: string): Promise<CodeTarget | undefined> {
    const area = codedAreaOf(code);
    const row = await this.db.selectFrom(area).select('id').where('code', '=', code).executeTakeFirst();
    return row && { area, id: Number(row.id) };
  }
}
