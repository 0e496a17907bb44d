/** Requests as the triage and the status page show them (shared/api/requests.ts). */
import type { RequestStatus, WorkRequest } from '../../../shared/api/requests.js';
import { mediaUrl } from '../../http/uploads.js';
import type { RequestRelations, WorkRequestRow } from './requests.repository.js';

/** Columns no answer shows: the status page's token and the key it was sent with are the sender's own; the language only words their mails. */
export const WORK_REQUEST_NOT_EXPOSED = ['token', 'idempotency_key', 'code', 'photo_name', 'photo_type', 'photo_size', 'language'] as const satisfies readonly (keyof WorkRequestRow)[];

/** Accepted, and completed once the work order it became is. */
export function requestStatus(row: Pick<WorkRequestRow, 'status'>, orderStatus: string | null | undefined): RequestStatus {
  return row.status === 'accepted' && orderStatus === 'Completed' ? 'completed' : row.status;
}

export function presentRequest(row: WorkRequestRow, relations: RequestRelations, origin: string): WorkRequest {
  const asset = row.asset_id === null ? null : (relations.assets.get(row.asset_id) ?? null);
  const decider = row.decided_by_id === null ? null : (relations.users.get(row.decided_by_id) ?? null);
  return {
    id: row.id,
    status: requestStatus(row, row.work_order_id === null ? null : relations.orders.get(row.work_order_id)),
    location: relations.locations.get(row.location_id) ?? { id: row.location_id, name: '' },
    asset: asset && { id: asset.id, name: asset.name },
    description: row.description,
    name: row.name,
    email: row.email,
    phone: row.phone,
    photo: mediaUrl(origin, row.photo),
    reason: row.reason,
    work_order_id: row.work_order_id,
    created_at: row.created_at,
    decided_at: row.decided_at,
    decided_by: decider && { id: decider.id, first_name: decider.first_name, last_name: decider.last_name },
  };
}
