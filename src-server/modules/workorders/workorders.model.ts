/** The work-order model (models/model-record.ts); its list as CSV is GET workorders/export.csv (docs/decisions.md: CSV exports). */
import type { WorkOrder } from '../../../shared/api/workorders.js';
import type { Repositories } from '../../db/repositories.js';
import { personName, type CsvColumn } from '../../exports/csv.js';
import { recordsCsv, type ModelRecord } from '../../models/model-record.js';
import { limitedWorkOrderView, presentWorkOrder } from './workorders.presenter.js';
import type { WorkOrderRow } from './workorders.repository.js';

export const WORK_ORDER_CSV_COLUMNS: readonly CsvColumn<WorkOrder>[] = [
  { header: 'ID', value: (o) => o.id },
  { header: 'Location', value: (o) => o.location_name },
  // The asset the problem is with, as the detail names it (brand and name) and its label's code.
  { header: 'Asset', value: (o) => o.asset?.name },
  { header: 'Asset Code', value: (o) => o.asset?.code },
  { header: 'Description', value: (o) => o.description },
  { header: 'Status', value: (o) => o.status },
  { header: 'Created By', value: (o) => personName(o.created_by) },
  { header: 'Created At', value: (o) => o.created_at },
  { header: 'Claimed By', value: (o) => o.assigned_to.map(personName).join('; ') },
  { header: 'Claimed At', value: (o) => o.claimed_at },
  { header: 'Completed By', value: (o) => personName(o.completed_by) },
  { header: 'Completed At', value: (o) => o.completed_at },
  { header: 'Field Notes', value: (o) => o.field_notes },
  { header: 'Attachments', value: (o) => o.attachments.length },
  { header: 'Updated At', value: (o) => o.updated_at },
  { header: 'Location ID', value: (o) => o.location_id },
  { header: 'Asset ID', value: (o) => o.asset_id },
  // What the work cost so far, as the order answers it (currency units, numbers a spreadsheet adds
  // up); for full access only, as `costs` is (docs/decisions.md: What the work costs). Last, so
  // the columns every user's file has stand in the same places in both.
  { header: 'Labour Minutes', value: (o) => o.costs?.labour_minutes, fullAccessOnly: true },
  { header: 'Labour Cost', value: (o) => o.costs?.labour_cost, fullAccessOnly: true },
  { header: 'Parts Cost', value: (o) => o.costs?.parts_cost, fullAccessOnly: true },
  { header: 'Total Cost', value: (o) => o.costs?.total, fullAccessOnly: true },
];

/** Limited users read work orders: theirs to create and follow. */
export function workOrderModel({ workOrders: orders, labour, partMoves }: Repositories): ModelRecord<WorkOrderRow, WorkOrder> {
  return {
    area: 'workorders',
    noun: 'work order',
    read: 'user',
    findById: (id) => orders.findById(id),
    findByIds: (ids) => orders.findByIds(ids),
    async present(rows, { origin }) {
      const ids = rows.map((r) => r.id);
      const [relations, totals, partsCosts] = await Promise.all([orders.relationsOf(rows), labour.totalsOf(ids), partMoves.costsOf(ids)]);
      return rows.map((row) => presentWorkOrder(row, relations, origin, totals, partsCosts));
    },
    csv: recordsCsv((filter, after, limit) => orders.rowsAfter(filter, after, limit), WORK_ORDER_CSV_COLUMNS),
    // Costs are for full access only (docs/decisions.md: What the work costs).
    limitedView: limitedWorkOrderView,
  };
}
