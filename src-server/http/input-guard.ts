/**
 * Last checks on every request's input, after schema validation and type coercion: a number that
 * is not finite (the coercion turns "Infinity" into one) and text with a NUL character (PostgreSQL
 * cannot store it, SQLite would) are refused with a DRF field error, the same on both engines.
 */
import type { FastifyInstance } from 'fastify';
import { invalid, type FieldErrors } from './errors.js';

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
    const errors: FieldErrors = {};
    for (const part of [request.params, request.query, request.body]) {
      if (part && typeof part === 'object') for (const [key, value] of Object.entries(part)) inspect(value, key, errors);
    }
    if (Object.keys(errors).length) throw invalid(errors);
  });
}
