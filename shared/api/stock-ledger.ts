/**
 * Parts on work orders through an append-only stock ledger (docs/decisions.md: What the work
 * costs): every change of a part's quantity is an entry (a fill, a count's difference, an issue to
 * a work order, a return from one, an adjustment with its reason, and the opening balance the
 * ledger started from), each with the quantity after it and the part's unit cost at the time. A
 * part's quantity is the ledger's sum, kept on the part for speed. Unit costs and costs are shown
 * to full-access users only (null to others).
 */
import { Type, type Static } from '@sinclair/typebox';
import { QUANTITY_MAX } from '../constants.js';
import { type EveryKey, type UserRef } from './common.js';
import { msg, t } from '../i18n/translate.js';

export const STOCK_ENTRY_KINDS = ['opening', 'fill', 'count', 'issue', 'return', 'adjust'] as const;
export type StockEntryKind = (typeof STOCK_ENTRY_KINDS)[number];

/** Each kind as the part's Stock ledger and its CSV export name it. */
export const STOCK_ENTRY_KIND_WORDS: Record<StockEntryKind, string> = {
  opening: msg('Opening balance'),
  fill: msg('Fill'),
  count: msg('Inventory count'),
  issue: msg('Issued'),
  return: msg('Returned'),
  adjust: msg('Adjusted'),
};

/** An issue or return is whole units of a part, at most this many at once. */
export const PART_MOVE_MAX = 10_000;

/**
 * POST workorders/{id}/parts/: `kind` issue (from the shelf to the order) or return (back from the
 * order); the route checks every field, so each problem is named.
 */
export const WorkOrderPartBody = Type.Object({
  part_id: Type.Optional(Type.Union([Type.Integer({ minimum: -2_147_483_648, maximum: 2_147_483_647 }), Type.Null()])),
  quantity: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  kind: Type.Optional(Type.Union([Type.String({ maxLength: 16 }), Type.Null()])),
});
export type WorkOrderPartBody = Static<typeof WorkOrderPartBody>;

/** A part issued to, or returned from, a work order. */
export interface WorkOrderPart {
  id: number;
  work_order_id: number;
  part: { id: number; name: string; item_number: string };
  kind: 'issue' | 'return';
  /** Whole units, always positive: the kind says which way they went. */
  quantity: number;
  /** The part's unit cost when it moved; null for limited users. */
  unit_cost: number | null;
  /** quantity × unit cost, negative for a return; null for limited users. */
  cost: number | null;
  user: UserRef | null;
  created_at: string;
  /** The part's quantity on hand after it (below 0 when two devices issued the last unit offline). */
  quantity_after: number;
}

export const WORK_ORDER_PART_KEYS = {
  id: true,
  work_order_id: true,
  part: true,
  kind: true,
  quantity: true,
  unit_cost: true,
  cost: true,
  user: true,
  created_at: true,
  quantity_after: true,
} satisfies EveryKey<WorkOrderPart>;

/** GET parts/{id}/ledger/: one entry, newest first, pages of 10. */
export interface StockEntry {
  id: number;
  kind: StockEntryKind;
  /** Signed: what it added to or took from the quantity on hand. */
  change: number;
  quantity_after: number;
  unit_cost: number | null;
  work_order_id: number | null;
  reason: string | null;
  user: UserRef | null;
  created_at: string;
}

export const STOCK_ENTRY_KEYS = {
  id: true,
  kind: true,
  change: true,
  quantity_after: true,
  unit_cost: true,
  work_order_id: true,
  reason: true,
  user: true,
  created_at: true,
} satisfies EveryKey<StockEntry>;

/**
 * The Use Part form as the screen checks it before sending: a part chosen and whole units (the
 * quantity's words are PART_MOVE_MESSAGES.quantity, the server's).
 */
export const PartMoveForm = Type.Object({
  part_id: Type.Integer({ minimum: 1 }),
  quantity: Type.Integer({ minimum: 1, maximum: PART_MOVE_MAX }),
});

/** A unit cost is at most this, in the site's currency. */
export const UNIT_COST_MAX = 1_000_000;

/**
 * PATCH parts/{id}/ (full access): the costs and the reorder point. Checked by the server against
 * PartCostsForm rather than by schema coercion, which would read null as 0 (a reorder point cleared
 * would become one of 0) and true as 1.
 */
export const PartCostsPatch = Type.Object(
  {
    unit_cost: Type.Optional(Type.Unsafe<number>({ description: `per unit, in the site's currency: 0 to ${UNIT_COST_MAX}, at most 2 decimal places` })),
    reorder_point: Type.Optional(Type.Unsafe<number | null>({ description: 'at or under this quantity the part is short: 0 or more, at most 2 decimal places; null for none' })),
  },
  { additionalProperties: false },
);
export type PartCostsPatch = Static<typeof PartCostsPatch>;

/**
 * The costs form as the part's screen checks it and the server checks PATCH parts/{id}/ (through
 * schema-check.ts, so both say the same words): a unit cost of 0 or more to the cent, a reorder point
 * of 0 or more kept like any quantity (2 decimals, below QUANTITY_MAX).
 */
export const PartCostsForm = Type.Object({
  unit_cost: Type.Number({ minimum: 0, maximum: UNIT_COST_MAX, decimalPlaces: 2 }),
  // Left out of the body when the form's field is empty: no reorder point.
  reorder_point: Type.Optional(Type.Number({ minimum: 0, exclusiveMaximum: QUANTITY_MAX, decimalPlaces: 2 })),
});

/**
 * Whether a part is short (Part.short): below zero on hand (two devices issued the last unit), or
 * at or under its reorder point when it has one. The server and the screens judge it by this one rule.
 */
export function partIsShort(quantity: number, reorderPoint: number | null): boolean {
  return quantity < 0 || (reorderPoint !== null && quantity <= reorderPoint);
}

/** The texts the parts-on-orders routes answer with. */
export const PART_MOVE_MESSAGES = {
  // Getters: each is said when read, in the reader's language (docs/i18n.md).
  get kind() { return t('Choose "issue" or "return".'); },
  get quantity() { return t('Enter whole units from 1 to {max}.', { max: PART_MOVE_MAX }); },
  get notHere() { return t("This part is not stocked at the work order's location."); },
  returnTooMany: (issued: number) => t('Only {issued} of this part went to this work order.', { issued }),
  get notYours() { return t('Only the technician who claimed this work order can use parts on it.'); },
  get completed() { return t('This work order is completed; only a supervisor can change its parts.'); },
  moreThanOnHand: (onHand: number) => t('Only {onHand} on hand. Issue anyway?', { onHand }),
};
