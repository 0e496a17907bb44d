/**
 * Last checks on every request's input, after schema validation and type coercion: a number that
 * is not finite (the coercion turns "Infinity" into one) and text with a NUL character (PostgreSQL
 * cannot store it, SQLite would) are refused with a DRF field error, the same on both engines; a
 * body nested deeper than any form of this API is refused before anything walks it recursively
 * (the idempotency fingerprint, registered after this guard, does).
 */
import type { FastifyInstance } from 'fastify';
import { HttpError, invalid, type FieldErrors } from './errors.js';

/** Deeper than any request of this API; JSON itself parses far deeper. */
export const MAX_INPUT_DEPTH = 32;

/** The nesting depth of a parsed value, measured without recursion. */
function depthOf(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [item, depth] = stack.pop()!;
    if (depth > deepest) deepest = depth;
    if (deepest > MAX_INPUT_DEPTH) return deepest;
    if (item && typeof item === 'object' && !Buffer.isBuffer(item)) for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return deepest;
}

function inspect(value: unknown, field: string, errors: FieldErrors, depth = 0): void {
  if (depth > 8 || Buffer.isBuffer(value)) return;
  if (typeof value === 'number' && !Number.isFinite(value)) {
    (errors[field] ??= []).push('A valid number is required.');
  } else if (typeof value === 'string' && value.includes('\u0000')) {
    (errors[field] ??= []).push('Null characters are not allowed.');
  } else if (Array.isArray(value)) {
    for (const item of value) inspect(item, field, errors, depth + 1);
  } else if (value && typeof value === 'object') {
    for (const item of Object.values(value)) inspect(item, field, errors, depth + 1);
  }
}

export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    if (depthOf(request.body) > MAX_INPUT_DEPTH) throw new HttpError(400, { detail: 'The request body is nested too deeply.' });
    // Field names come from the client: a map without a prototype keeps "toString" an ordinary key.
    const errors: FieldErrors = Object.create(null) as FieldErrors;
    for (const part of [request.params, request.query, request.body]) {
      if (part && typeof part === 'object') for (const [key, value] of Object.entries(part)) inspect(value, key, errors);
    }
    if (Object.keys(errors).length) throw invalid(errors);
  });
}
