/** Labour entries as the API shows them (shared/api/labour.ts): rates and costs only to users with full access. */
import type { UserRef } from '../../../shared/api/common.js';
import type { LabourEntry } from '../../../shared/api/labour.js';
import { centsToUnits, labourCostCents } from '../../../shared/rules/money.js';
import { userRefOf } from '../users/users.presenter.js';
import type { LabourRow } from './labour.repository.js';

/** Columns of labour_entries the API does not show (a deleted entry is never shown; tests/server/response-shapes.test.ts holds the list to the table). */
export const LABOUR_ENTRY_NOT_EXPOSED = ['deleted_at'] as const satisfies readonly (keyof LabourRow)[];

/** `full`: whether the reader has full access; limited users never see what anyone's time costs. */
export function presentLabourEntry(row: LabourRow, people: ReadonlyMap<number, UserRef>, full: boolean): LabourEntry {
  const minutes = row.minutes;
  return {
    id: row.id,
    work_order_id: row.work_order_id,
    task_id: row.task_id,
    task_completion_id: row.task_completion_id,
    // The foreign key keeps the author existing (users are never deleted); the fallback keeps the type honest.
    user: userRefOf(people, row.user_id) ?? { id: row.user_id, first_name: '', last_name: '' },
    started_at: row.started_at,
    stopped_at: row.stopped_at,
    minutes,
    date: row.date,
    hourly_rate: full ? centsToUnits(row.rate_cents) : null,
    cost: full && minutes !== null ? centsToUnits(labourCostCents(minutes, row.rate_cents)) : null,
    created_at: row.created_at,
  };
}
