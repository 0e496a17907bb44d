/**
 * The fill and inventory-count routes of a stocked item (chemicals, parts; behaviour §5): a fill adds to
 * the stock, a count replaces it, and both are kept as records. The quantity and the date are
 * checked here the same way for every area; the area checks what the record is about and writes it.
 */
import type { TSchema } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import type { QuantityRecordsTable } from '../../db/schema.js';
import { currentUser } from '../../http/access.js';
import { nowIso } from '../../http/clock.js';
import { recordDateField } from '../../http/dates.js';
import { fieldError, invalid, throwIfErrors, type FieldErrors, type HttpError } from '../../http/errors.js';
import { quantityField } from '../../http/numbers.js';
import { perUserLimit } from '../../http/rate-limits.js';
import type { QuantityKind } from '../../../shared/api/quantities.js';
import { QUANTITY_MAX } from '../../../shared/constants.js';

/** A fill or an inventory count as kept (chemicals and parts share the table). */
export type QuantityRecordRow = Selectable<QuantityRecordsTable>;

/** A written fill or count and the stock after it, or a refused fill and the stock as it is. */
export type QuantityOutcome = { saved: true; record: QuantityRecordRow; current_quantity: number } | { saved: false; current_quantity: number };

/**
 * The refusal of a fill that would bring the stock to QUANTITY_MAX or more (docs/decisions.md: Quantities;
 * quantities stay below 1,000,000), saying what the stock is now.
 */
export function fillPastMaximum(current: number): HttpError {
  return fieldError('quantity', `The quantity after this fill must be less than ${QUANTITY_MAX}; it is ${current.toFixed(2)} now.`);
}

/** A checked fill or count, ready to write. */
export interface QuantityEntry {
  kind: QuantityKind;
  date: string;
  quantity: number;
  userId: number;
  createdAt: string;
}

export interface QuantityRoutes<Body extends { date: string; quantity: unknown }, Target, Answer> {
  fillPath: string;
  inventoryPath: string;
  body: TSchema;
  /** The time zone whose today bounds the date. */
  timeZone: string;
  /** Fills (and, counted apart, inventory counts) one user may record a minute (RECORD_RATE_LIMIT). */
  rateLimit: number;
  /** What the record is about, or null with the reasons added to `errors`. */
  target(body: Body, errors: FieldErrors): Promise<Target | null>;
  /** Writes the record and answers it. */
  record(target: Target, entry: QuantityEntry): Promise<Answer>;
}

export function registerQuantityRoutes<Body extends { date: string; quantity: unknown }, Target, Answer>(
  api: FastifyInstance,
  routes: QuantityRoutes<Body, Target, Answer>,
): void {
  const handler = (kind: QuantityKind) => async (request: FastifyRequest, reply: FastifyReply) => {
    // Fastify cannot resolve its request types over an open generic; the schema has checked the shape.
    const b = request.body as Body;
    const errors: FieldErrors = {};
    const quantity = quantityField(errors, 'quantity', b.quantity, kind);
    const date = recordDateField(errors, 'date', b.date, routes.timeZone);
    const target = await routes.target(b, errors);
    throwIfErrors(errors);
    if (quantity === null || date === null || target === null) throw invalid(errors);
    const answer = await routes.record(target, { kind, date, quantity, userId: currentUser(request).id, createdAt: nowIso() });
    return reply.code(201).send(answer);
  };
  // Every record is a row kept for good and a line of the reports: a script must not be able to
  // pile them up faster than anyone could type them.
  const limit = { rateLimit: perUserLimit(routes.rateLimit, 'stock records') };
  api.post(routes.fillPath, { schema: { body: routes.body }, config: limit }, handler('fill'));
  api.post(routes.inventoryPath, { schema: { body: routes.body }, config: limit }, handler('inventory'));
}
