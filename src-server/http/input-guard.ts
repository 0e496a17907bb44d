/**
 * Last checks on every request's input, after schema validation and type coercion: a number that
 * is not finite (the coercion turns "Infinity" into one) and text with a NUL character (PostgreSQL
 * cannot store it, SQLite would) are refused with a DRF field error, the same on both engines; a
 * body nested deeper than any form of this API is refused before anything walks it recursively
 * (the idempotency fingerprint, registered after this guard, does). Text is trimmed before it is
 * validated, and must be real Unicode; names and file names may not carry direction controls.
 * A boolean field of a JSON body must be a JSON boolean: the schema's type coercion would read
 * null (and "", 0, "false") as false, so `{"is_active": null}` would switch an account off.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { addFieldError, HttpError, invalid, throwIfErrors, type FieldErrors } from './errors.js';
import { isUploadedFile } from './uploads.js';

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

/** Half of a UTF-16 pair without its other half: not text, and stored differently by each engine. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Direction controls, which make a name or a file name read differently from what it is ("gpj.exe"). */
const DIRECTION_CONTROL = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/;
/** Fields that name something (people, places, products) and uploaded file names. */
const NAME_FIELD = /(^|_)name$|^brand$/;

function textProblem(value: string, field: string): string | null {
  if (value.includes('\u0000')) return 'Null characters are not allowed.';
  if (LONE_SURROGATE.test(value)) return 'Text must be valid Unicode.';
  if (NAME_FIELD.test(field) && DIRECTION_CONTROL.test(value)) return 'Direction control characters are not allowed in names.';
  return null;
}

function inspect(value: unknown, field: string, errors: FieldErrors, depth = 0): void {
  if (depth > 8 || Buffer.isBuffer(value)) return;
  const problem = typeof value === 'string' ? textProblem(value, field) : null;
  if (typeof value === 'number' && !Number.isFinite(value)) {
    addFieldError(errors, field, 'A valid number is required.');
  } else if (problem) {
    addFieldError(errors, field, problem);
  } else if (isUploadedFile(value)) {
    const nameProblem = textProblem(value.filename, 'file_name');
    if (nameProblem) addFieldError(errors, field, nameProblem.replace('in names', 'in file names'));
  } else if (Array.isArray(value)) {
    for (const item of value) inspect(item, field, errors, depth + 1);
  } else if (value && typeof value === 'object') {
    for (const item of Object.values(value)) inspect(item, field, errors, depth + 1);
  }
}

/**
 * Leading and trailing white space is not part of a value (as in DRF, which trims text fields
 * before validating them): "   " is blank, not a 3-character id. Passwords are taken as typed.
 */
function trimStrings(part: unknown): void {
  if (!part || typeof part !== 'object' || Array.isArray(part) || isUploadedFile(part)) return;
  const record = part as Record<string, unknown>;
  for (const [key, value] of Object.entries(record)) {
    if (/password/.test(key)) continue;
    if (typeof value === 'string') record[key] = value.trim();
    else if (Array.isArray(value)) record[key] = value.map((item: unknown) => (typeof item === 'string' ? item.trim() : item));
  }
}

/** The top-level fields a body schema declares boolean, by schema (computed once per route). */
const booleanFieldsBySchema = new WeakMap<object, string[]>();

function booleanFields(schema: unknown): string[] {
  if (!schema || typeof schema !== 'object') return [];
  let fields = booleanFieldsBySchema.get(schema);
  if (!fields) {
    const properties = (schema as { properties?: Record<string, { type?: unknown }> }).properties ?? {};
    fields = Object.keys(properties).filter((key) => properties[key]?.type === 'boolean');
    booleanFieldsBySchema.set(schema, fields);
  }
  return fields;
}

/**
 * DRF's answers for a boolean field given something else. Only JSON bodies: a multipart form's
 * fields are text by nature ("true"), and the schema reads those.
 */
function booleanErrors(request: FastifyRequest): FieldErrors | null {
  const body = request.body;
  if (!body || typeof body !== 'object' || Array.isArray(body) || !/json/i.test(request.headers['content-type'] ?? '')) return null;
  const errors: FieldErrors = {};
  for (const field of booleanFields(request.routeOptions.schema?.body)) {
    if (!Object.hasOwn(body, field)) continue;
    const value = (body as Record<string, unknown>)[field];
    if (value === null) addFieldError(errors, field, 'This field may not be null.');
    else if (typeof value !== 'boolean') addFieldError(errors, field, 'Must be a valid boolean.');
  }
  return Object.keys(errors).length ? errors : null;
}

export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    trimStrings(request.body);
    trimStrings(request.query);
    const errors = booleanErrors(request);
    if (errors) throw invalid(errors);
  });
  app.addHook('preHandler', async (request) => {
    if (depthOf(request.body) > MAX_INPUT_DEPTH) throw new HttpError(400, { detail: 'The request body is nested too deeply.' });
    // Field names come from the client: a map without a prototype keeps "toString" an ordinary key.
    const errors: FieldErrors = Object.create(null) as FieldErrors;
    for (const part of [request.params, request.query, request.body]) {
      if (part && typeof part === 'object') for (const [key, value] of Object.entries(part)) inspect(value, key, errors);
    }
    throwIfErrors(errors);
  });
}
