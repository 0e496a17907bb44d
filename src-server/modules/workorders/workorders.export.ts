/** The work-order list as CSV (GET workorders/export.csv; docs/decisions.md: CSV exports). */
import type { WorkOrder } from '../../../shared/api/workorders.js';
import type { CsvExport } from '../../exports/csv-export.js';
import { personName, type CsvColumn } from '../../exports/csv.js';
import { requestOrigin } from '../../http/origin.js';
import { presentWorkOrder } from './workorders.presenter.js';
import type { WorkOrderRow, WorkOrdersRepository } from './workorders.repository.js';

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
];

export function workOrdersCsv(orders: WorkOrdersRepository): CsvExport<WorkOrderRow, WorkOrder> {
  return {
    area: 'workorders',
    rowsAfter: (filter, after, limit) => orders.rowsAfter(filter, after, limit),
    async present(rows, request) {
      const relations = await orders.relationsOf(rows);
      const origin = requestOrigin(request);
      return rows.map((row) => presentWorkOrder(row, relations, origin));
    },
    columns: WORK_ORDER_CSV_COLUMNS,
  };
}
