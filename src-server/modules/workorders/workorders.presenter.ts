/** Work orders as the API shows them (behaviour §3), built from rows and their batch-loaded relations. */
import type { WorkOrderCosts } from '../../../shared/api/labour.js';
import type { WorkOrder, WorkOrderAsset, WorkOrderAttachment } from '../../../shared/api/workorders.js';
import { costFigures } from '../../../shared/rules/money.js';
import { mediaUrl } from '../../http/uploads.js';
import type { LabourTotals } from '../labour/labour.repository.js';
import { locationRefOf } from '../locations/locations.presenter.js';
import { userRefOf } from '../users/users.presenter.js';
import type { AttachmentRow, WorkOrderRelations, WorkOrderRow } from './workorders.repository.js';

/** Columns of the table the API does not show (none; tests/server/response-shapes.test.ts holds the list to the table). */
export const WORK_ORDER_NOT_EXPOSED = [] as const satisfies readonly (keyof WorkOrderRow)[];

/**
 * `labour`: the finished labour of the page's orders (LabourRepository.totalsOf, one query a page);
 * `parts`: what their parts cost, in cents (PartMovesRepository.costsOf, one query a page); an
 * order missing from either has none. The costs are shown to full access only (`limitedWorkOrderView`).
 */
export function presentWorkOrder(
  row: WorkOrderRow,
  relations: WorkOrderRelations,
  origin: string,
  labour: ReadonlyMap<number, LabourTotals>,
  parts: ReadonlyMap<number, number>,
): WorkOrder {
  const person = (id: number | null) => userRefOf(relations.users, id);
  const location = locationRefOf(relations.locations, row.location_id);
  const assignee = person(row.assigned_to_id);
  return {
    id: row.id,
    status: row.status,
    description: row.description,
    location,
    location_id: location.id,
    location_name: location.name,
    created_at: row.created_at,
    updated_at: row.updated_at,
    // The foreign key guarantees the creator exists; the fallback only keeps the type honest.
    created_by: person(row.created_by_id) ?? { id: row.created_by_id, first_name: '', last_name: '' },
    assigned_to: assignee ? [assignee] : [],
    claimed_at: row.claimed_at,
    field_notes: row.field_notes,
    completed_at: row.completed_at,
    completed_by: person(row.completed_by_id),
    attachments: (relations.attachments.get(row.id) ?? []).map((a) => presentAttachment(a, origin)),
    asset_id: row.asset_id,
    asset: presentOrderAsset(relations, row.asset_id),
    costs: presentCosts(labour.get(row.id), parts.get(row.id) ?? 0),
  };
}

/** An order's costs in currency units, added up in cents so the total is exact. */
function presentCosts(labour: LabourTotals | undefined, partsCents: number): WorkOrderCosts {
  const labourCents = labour?.costCents ?? 0;
  return { labour_minutes: labour?.minutes ?? 0, ...costFigures(labourCents, partsCents) };
}

/** An order as users without full access see it: what the work cost is not theirs to see (the model's limitedView). */
export function limitedWorkOrderView(order: WorkOrder): WorkOrder {
  return { ...order, costs: null };
}

/** The linked asset's name and code; the foreign key keeps it existing (a deleted asset's link is set null). */
function presentOrderAsset(relations: WorkOrderRelations, id: number | null): WorkOrderAsset | null {
  const asset = id === null ? undefined : relations.assets.get(id);
  return asset ? { id: asset.id, name: asset.name, code: asset.code } : null;
}

/** Columns of work_order_attachments an attachment does not show: it is shown inside its work order. */
export const WORK_ORDER_ATTACHMENT_NOT_EXPOSED = ['work_order_id', 'created_at'] as const satisfies readonly (keyof AttachmentRow)[];

export function presentAttachment(a: AttachmentRow, origin: string): WorkOrderAttachment {
  return { id: a.id, file: mediaUrl(origin, a.stored_name) ?? '', name: a.original_name, content_type: a.content_type, size: a.size };
}
