/**
 * The fill and inventory-count routes of a stocked item (chemicals, parts; behaviour §5): a fill adds to
 * the stock, a count replaces it, and both are kept as records. The quantity and the date are
 * checked here the same way for every area, and stock.repository.ts writes both; the area checks what
 * the record is about and answers it.
 */
import type { TSchema } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { QuantityKind } from '../../../shared/api/quantities.js';
import { QUANTITY_MAX } from '../../../shared/constants.js';
import type { Repositories } from '../../db/repositories.js';
import type { Config } from '../../config.js';
import { currentUser } from '../../http/access.js';
import { nowIso } from '../../http/clock.js';
import { recordDateField } from '../../http/dates.js';
import { fieldError, invalid, throwIfErrors, type FieldErrors, type HttpError } from '../../http/errors.js';
import { quantityField } from '../../http/numbers.js';
import { perUserLimit } from '../../http/rate-limits.js';
import { type QuantityRecordRow, type StockedItem } from './stock.repository.js';
import { t } from '../../../shared/i18n/translate.js';

/**
 * The refusal of a fill that would bring the stock to QUANTITY_MAX or more (docs/decisions.md: Quantities;
 * quantities stay below 1,000,000), saying what the stock is now.
 */
export function fillPastMaximum(current: number): HttpError {
  return fieldError('quantity', t('The quantity after this fill must be less than {max}; it is {current} now.', { max: String(QUANTITY_MAX), current: current.toFixed(2) }));
}

export interface QuantityRoutes<Body extends { date: string; quantity: unknown }, Target, Answer> {
  body: TSchema;
  /** Which item's stock the records change; it names the routes (`/<item>s/<item>fills/create/`, behaviour §5). */
  item: StockedItem;
  /** What the record is about, or null with the reasons added to `errors`. */
  target(body: Body, errors: FieldErrors): Promise<Target | null>;
  /** The id of the row whose stock changes (a chemical's location entry, a part). */
  stockId(target: Target): number;
  /** The answer: the record as kept and the stock after it. */
  answer(target: Target, record: QuantityRecordRow, currentQuantity: number): Answer;
}

export function registerQuantityRoutes<Body extends { date: string; quantity: unknown }, Target, Answer>(
  app: FastifyInstance,
  { config, repositories }: { config: Pick<Config, 'timeZone' | 'recordRateLimit'>; repositories: Pick<Repositories, 'stock'> },
  routes: QuantityRoutes<Body, Target, Answer>,
): void {
  const stock = repositories.stock;
  const handler = (kind: QuantityKind) => async (request: FastifyRequest, reply: FastifyReply) => {
    // Fastify cannot resolve its request types over an open generic; the schema has checked the shape.
    const b = request.body as Body;
    const errors: FieldErrors = {};
    const quantity = quantityField(errors, 'quantity', b.quantity, kind);
    const date = recordDateField(errors, 'date', b.date, config.timeZone);
    const target = await routes.target(b, errors);
    throwIfErrors(errors);
    if (quantity === null || date === null || target === null) throw invalid(errors);
    const saved = await stock.recordQuantity(routes.item, routes.stockId(target), { kind, date, quantity, userId: currentUser(request).id, createdAt: nowIso() });
    if (!saved.saved) throw fillPastMaximum(saved.current_quantity);
    return reply.code(201).send(routes.answer(target, saved.record, saved.current_quantity));
  };
  // Every record is a row kept for good and a line of the reports: a script must not be able to
  // pile them up faster than anyone could type them (RECORD_RATE_LIMIT, fills and counts apart).
  const limit = { rateLimit: perUserLimit(config.recordRateLimit, 'stock records') };
  app.post(`/${routes.item}s/${routes.item}fills/create/`, { schema: { body: routes.body }, config: limit }, handler('fill'));
  app.post(`/${routes.item}s/${routes.item}inventories/create/`, { schema: { body: routes.body }, config: limit }, handler('inventory'));
}
