/** Parts on work orders and a part's ledger as the API shows them (shared/api/stock-ledger.ts): unit costs and costs only to full access. */
import type { UserRef } from '../../../shared/api/common.js';
import type { StockEntry, WorkOrderPart } from '../../../shared/api/stock-ledger.js';
import { centsToUnits } from '../../../shared/rules/money.js';
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
