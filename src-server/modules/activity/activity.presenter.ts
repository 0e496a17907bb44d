/** A record's history as the API shows it (shared/api/activity.ts). */
import type { ActivityDetails, ActivityEntry, ActivityKind } from '../../../shared/api/activity.js';
import type { UserRef } from '../../../shared/api/common.js';
import { userRefOf } from '../users/users.presenter.js';
import type { ActivityRow } from './activity.repository.js';

/** Columns an entry does not show: the path it is read at names its record. */
export const ACTIVITY_NOT_EXPOSED = ['entity', 'record_id'] as const satisfies readonly (keyof ActivityRow)[];

/** The details as written by activity.repository.ts (JSON of ActivityDetails); unreadable text shows as none. */
function detailsOf(text: string): ActivityDetails {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as ActivityDetails) : {};
  } catch {
    return {};
  }
}

export function presentActivity(row: ActivityRow, people: ReadonlyMap<number, UserRef>): ActivityEntry {
  return {
    id: row.id,
    // Written only from ActivityKind by the repository.
    kind: row.kind as ActivityKind,
    at: row.at,
    actor: userRefOf(people, row.actor_id),
    details: detailsOf(row.details),
  };
}
