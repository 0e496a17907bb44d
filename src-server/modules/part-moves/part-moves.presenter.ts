/** Parts on work orders and a part's ledger as the API shows them (shared/api/stock-ledger.ts): unit costs and costs only to full access. */
import type { UserRef } from '../../../shared/api/common.js';
import { STOCK_ENTRY_KIND_WORDS, type StockEntry, type WorkOrderPart } from '../../../shared/api/stock-ledger.js';
import { centsToUnits } from '../../../shared/rules/money.js';
import { personName, type CsvColumn } from '../../exports/csv.js';
import { userRefOf } from '../users/users.presenter.js';
import type { StockEntryRow } from '../stock/stock-ledger.js';
import type { PartMoveKind, PartMoveRow } from './part-moves.repository.js';

/** Columns of a ledger entry the API does not show: its part is the one whose ledger is read. */
export const STOCK_ENTRY_NOT_EXPOSED = ['part_id'] as const satisfies readonly (keyof StockEntryRow)[];

/** `full`: whether the reader has full access; limited users never see what parts cost. */
export function presentWorkOrderPart(row: PartMoveRow, people: ReadonlyMap<number, UserRef>, full: boolean): WorkOrderPart {
  // Only issues and returns are read as moves (PartMovesRepository), and every move has its order.
  const kind = row.kind as PartMoveKind;
  const quantity = Math.abs(row.change);
  return {
    id: row.id,
    work_order_id: row.work_order_id!,
    part: { id: row.part_id, name: row.part_name, item_number: row.part_item_number },
    kind,
    quantity,
    unit_cost: full ? centsToUnits(row.unit_cost_cents) : null,
    // A return gives back what its units cost: negative, so an order's moves add up to its parts cost.
    cost: full ? centsToUnits(-row.change * row.unit_cost_cents) : null,
    user: userRefOf(people, row.user_id),
    created_at: row.created_at,
    quantity_after: row.quantity_after,
  };
}

export function presentStockEntry(row: StockEntryRow, people: ReadonlyMap<number, UserRef>, full: boolean): StockEntry {
  return {
    id: row.id,
    kind: row.kind,
    change: row.change,
    quantity_after: row.quantity_after,
    unit_cost: full ? centsToUnits(row.unit_cost_cents) : null,
    work_order_id: row.work_order_id,
    reason: row.reason,
    user: userRefOf(people, row.user_id),
    created_at: row.created_at,
  };
}

/**
 * A part's ledger as CSV (GET parts/{id}/ledger.csv), one line per entry as the ledger's page
 * answers it: the kind in the screen's words, numbers as numbers (a change is signed, so a column
 * sum is the quantity), the order by its number, nobody for the entries no user made (the opening).
 */
export const STOCK_LEDGER_CSV_COLUMNS: readonly CsvColumn<StockEntry>[] = [
  { header: 'Date', value: (e) => e.created_at },
  { header: 'Kind', value: (e) => STOCK_ENTRY_KIND_WORDS[e.kind] },
  { header: 'Change', value: (e) => e.change },
  { header: 'Quantity After', value: (e) => e.quantity_after },
  // Left out for users without full access, as `unit_cost` is null to them (docs/decisions.md: What the work costs).
  { header: 'Unit Cost', value: (e) => e.unit_cost, fullAccessOnly: true },
  { header: 'Work Order', value: (e) => e.work_order_id },
  { header: 'Reason', value: (e) => e.reason },
  { header: 'User', value: (e) => personName(e.user) },
];
