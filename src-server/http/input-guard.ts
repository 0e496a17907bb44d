/**
 * Last checks on every request's input, after schema validation and type coercion: a number that
 * is not finite (the coercion turns "Infinity" into one) and text with a NUL character (PostgreSQL
 * cannot store it, SQLite would) are refused with a DRF field error, the same on both engines; a
 * body nested deeper than any form of this API is refused before anything walks it recursively
 * (the idempotency fingerprint, registered after this guard, does). Text is trimmed before it is
 * validated, and must be real Unicode; names and file names may not carry direction controls.
 * A boolean field of a JSON body, at any depth, must be a JSON boolean: the schema's type coercion
 * would read null (and "", 0, "false") as false, so `{"is_active": null}` would switch an account
 * off, and a procedure step's `"required": null` would be kept as not required.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { addFieldError, HttpError, invalid, throwIfErrors, type FieldErrors } from './errors.js';
import { isUploadedFile } from './uploads.js';
import { t } from '../../shared/i18n/translate.js';

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

function textProblem(value: string, field: string, fileName = false): string | null {
  if (value.includes('\u0000')) return t('Null characters are not allowed.');
  if (LONE_SURROGATE.test(value)) return t('Text must be valid Unicode.');
  if (fileName && DIRECTION_CONTROL.test(value)) return t('Direction control characters are not allowed in file names.');
  if (NAME_FIELD.test(field) && DIRECTION_CONTROL.test(value)) return t('Direction control characters are not allowed in names.');
  return null;
}

function inspect(value: unknown, field: string, errors: FieldErrors, depth = 0): void {
  if (depth > 8 || Buffer.isBuffer(value)) return;
  const problem = typeof value === 'string' ? textProblem(value, field) : null;
  if (typeof value === 'number' && !Number.isFinite(value)) {
    addFieldError(errors, field, t('A valid number is required.'));
  } else if (problem) {
    addFieldError(errors, field, problem);
  } else if (isUploadedFile(value)) {
    const nameProblem = textProblem(value.filename, 'file_name', true);
    if (nameProblem) addFieldError(errors, field, nameProblem);
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

/** The part of a body schema that says where its booleans are. */
interface SchemaNode {
  type?: unknown;
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode | SchemaNode[];
}

/** Where a body schema declares booleans, by schema (computed once per route). */
const booleanPathsBySchema = new WeakMap<object, string[][]>();

/**
 * The paths of a schema's boolean fields: property names, and `*` for every item of a list
 * (`['steps', '*', 'required']`). Objects and lists are followed as deep as a body may go.
 */
function booleanPaths(schema: unknown, at: string[] = []): string[][] {
  if (!schema || typeof schema !== 'object' || at.length > MAX_INPUT_DEPTH) return [];
  let paths = at.length === 0 ? booleanPathsBySchema.get(schema) : undefined;
  if (paths) return paths;
  const node = schema as SchemaNode;
  paths = [];
  if (node.type === 'boolean' && at.length > 0) paths.push(at);
  for (const [key, child] of Object.entries(node.properties ?? {})) paths.push(...booleanPaths(child, [...at, key]));
  if (node.items && !Array.isArray(node.items)) paths.push(...booleanPaths(node.items, [...at, '*']));
  if (at.length === 0) booleanPathsBySchema.set(schema, paths);
  return paths;
}

/** DRF's answers for the value at `path` of `value`, named by where it is (`is_active`, `steps.0.required`); absent is no problem. */
function checkBooleanAt(value: unknown, path: readonly string[], name: readonly string[], errors: FieldErrors): void {
  if (path.length === 0) {
    if (value === null) addFieldError(errors, name.join('.'), t('This field may not be null.'));
    else if (typeof value !== 'boolean') addFieldError(errors, name.join('.'), t('Must be a valid boolean.'));
    return;
  }
  const [key, ...rest] = path as [string, ...string[]];
  if (key === '*') {
    if (Array.isArray(value)) value.forEach((item: unknown, index) => checkBooleanAt(item, rest, [...name, String(index)], errors));
  } else if (value && typeof value === 'object' && !Array.isArray(value) && Object.hasOwn(value, key)) {
    checkBooleanAt((value as Record<string, unknown>)[key], rest, [...name, key], errors);
  }
}

/**
 * DRF's answers for a boolean field given something else. Only JSON bodies: a multipart form's
 * fields are text by nature ("true"), and the schema reads those.
 */
function booleanErrors(request: FastifyRequest): FieldErrors | null {
  const body = request.body;
  if (!body || typeof body !== 'object' || Array.isArray(body) || !/json/i.test(request.headers['content-type'] ?? '')) return null;
  const errors: FieldErrors = {};
  for (const path of booleanPaths(request.routeOptions.schema?.body)) checkBooleanAt(body, path, [], errors);
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
    if (depthOf(request.body) > MAX_INPUT_DEPTH) throw new HttpError(400, { detail: t('The request body is nested too deeply.') });
    // Field names come from the client: a map without a prototype keeps "toString" an ordinary key.
    const errors: FieldErrors = Object.create(null) as FieldErrors;
    for (const part of [request.params, request.query, request.body]) {
      if (part && typeof part === 'object') for (const [key, value] of Object.entries(part)) inspect(value, key, errors);
    }
    throwIfErrors(errors);
  });
}
