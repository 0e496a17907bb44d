/**
 * A user account as a record with a history (models/model-record.ts): staff read it. Accounts are
 * not synced to devices or exported, so this is the record's access part only.
 */
import type { Repositories } from '../../db/repositories.js';
import type { RecordAccess } from '../../models/model-record.js';
import type { UserRow } from './users.repository.js';

export function userAccountRecord({ users }: Repositories): RecordAccess<UserRow> {
  return { area: 'users', noun: 'user account', read: 'staff', findById: (id) => users.findById(id) };
}
