/**
 * DRF-shaped errors: `{"detail": "…"}` or `{"field": ["message"]}`. Routes throw HttpError; one
 * handler turns everything else (validation, parser and plugin errors) into the same shapes, and
 * nothing unexpected reaches a client beyond a generic 500 message.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fieldMessage } from '../../shared/api/field-messages.js';
import { msg, t } from '../../shared/i18n/translate.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body has been read and parsed (pre-handler hooks run only after that). */
    bodyRead: boolean;
  }
}

export type FieldErrors = Record<string, string[]>;
export type ErrorBody = { detail: string; code?: string } | FieldErrors;

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: ErrorBody,
    /** Headers the answer carries too (a 503's Retry-After). */
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.detail === 'string' ? body.detail : JSON.stringify(body));
  }
}

export const notFound = (detail = t('Not found.')) => new HttpError(404, { detail });
export const forbidden = (detail = t('You do not have permission to perform this action.')) => new HttpError(403, { detail });
export const unauthorized = (detail = t('Authentication credentials were not provided.'), code?: string) =>
  new HttpError(401, code ? { detail, code } : { detail });
export const conflict = (detail: string) => new HttpError(409, { detail });
export const invalid = (fields: FieldErrors) => new HttpError(400, fields);
export const fieldError = (field: string, message: string) => invalid({ [field]: [message] });

/**
 * Records one more problem of a field. A route collects every problem of a body this way and then
 * throws them together (`throwIfErrors`), so one answer names all of them.
 */
export function addFieldError(errors: FieldErrors, field: string, message: string): void {
  (errors[field] ??= []).push(message);
}

/** Throws the collected field errors, if any. */
export function throwIfErrors(errors: FieldErrors): void {
  if (Object.keys(errors).length) throw invalid(errors);
}

/** The answer of a PATCH that names no field to change (assets, maintenance tasks). */
export const NOTHING_TO_CHANGE = msg('Send at least one field to change.');
export const nothingToChange = () => new HttpError(400, { detail: t(NOTHING_TO_CHANGE) });

interface AjvIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

/** One Ajv issue as a DRF message (the table the client's form check uses too). */
function messageFor(issue: AjvIssue): string {
  return fieldMessage({ keyword: issue.keyword, params: issue.params, fallback: issue.message });
}

function fieldOf(issue: AjvIssue): string {
  if (issue.keyword === 'required') {
    const parent = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
    const missing = String(issue.params.missingProperty);
    return parent ? `${parent}.${missing}` : missing;
  }
  if (issue.keyword === 'additionalProperties') return String(issue.params.additionalProperty);
  const path = issue.instancePath.replace(/^\//, '').split('/')[0];
  return path || 'non_field_errors';
}

/** A union of literals fails as one `const` issue per literal plus an `anyOf`: one message is enough. */
function collapseChoiceIssues(issues: AjvIssue[]): AjvIssue[] {
  const anyOfPaths = new Set(issues.filter((i) => i.keyword === 'anyOf').map((i) => i.instancePath));
  const out: AjvIssue[] = [];
  for (const issue of issues) {
    if (issue.keyword === 'const' && anyOfPaths.has(issue.instancePath)) continue;
    if (issue.keyword === 'anyOf') {
      const allowed = issues.filter((i) => i.keyword === 'const' && i.instancePath === issue.instancePath).map((i) => i.params.allowedValue);
      out.push(allowed.length ? { ...issue, keyword: 'enum', params: { allowedValues: allowed } } : { ...issue, message: t('Invalid value.') });
      continue;
    }
    out.push(issue);
  }
  return out;
}

export function validationBody(issues: AjvIssue[]): FieldErrors {
  // Unknown field names come from the client: no prototype, so "constructor" is just a key.
  const out: FieldErrors = Object.create(null) as FieldErrors;
  for (const issue of collapseChoiceIssues(issues)) {
    const field = fieldOf(issue);
    const msg = messageFor(issue);
    const list = (out[field] ??= []);
    if (!list.includes(msg)) list.push(msg);
  }
  return out;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.decorateRequest('bodyRead', false);
  app.addHook('preHandler', async (request) => {
    request.bodyRead = true;
  });
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send(error.body);
    }
    const fe = error as FastifyError & { validationContext?: string; validation?: AjvIssue[] };
    if (fe.validation) {
      // A malformed id in the path names nothing that exists.
      if (fe.validationContext === 'params') return reply.code(404).send({ detail: t('Not found.') });
      return reply.code(400).send(validationBody(fe.validation));
    }
    // A multipart body that does not parse (no boundary, cut short) fails before the route's own hooks.
    if (fe.statusCode === undefined && !request.bodyRead && request.isMultipart()) {
      return reply.code(400).send({ detail: t('Multipart form parse error - the request body is not a complete multipart form.') });
    }
    const status = fe.statusCode ?? 500;
    if (status === 429) return reply.code(429).send({ detail: fe.message || t('Request was throttled.') });
    if (status >= 400 && status < 500) {
      const detail =
        fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? t('JSON parse error - the request body is not valid JSON.')
          : fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
            ? t('JSON parse error - the request body is empty.')
            : fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
              ? t('The request body is too large.')
              : fe.code === 'FST_REQ_FILE_TOO_LARGE'
                ? t('Each uploaded file must be at most 5 MB.')
                : fe.code === 'FST_FILES_LIMIT'
                  ? t('Too many files in one request (at most 10).')
              : fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
                ? t('Unsupported media type "{type}" in request.', { type: request.headers['content-type'] ?? '' })
                : fe.message;
      return reply.code(status).send({ detail });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ detail: t('A server error occurred.') });
  });
}

/** The answer to a path whose %-escapes do not decode to text (`/api/v1/codes/L-%E0%A4/`). */
const MALFORMED_PATH = msg('The request path has a malformed percent-encoding.');

/**
 * The router's own refusals, which come before any route, hook or error handler (Fastify's
 * `frameworkErrors`): a path that does not decode, or a path part longer than the router takes.
 * Fastify would answer them with a body of its own naming its error code and repeating the path;
 * these answer in the API's shape like every other refusal, on any path.
 */
export function frameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_BAD_URL') {
    void reply.code(400).send({ detail: t(MALFORMED_PATH) });
  } else if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.code(414).send({ detail: t('A part of the request path is too long.') });
  } else {
    request.log.error({ err: error }, 'unhandled router error');
    void reply.code(500).send({ detail: t('A server error occurred.') });
  }
}
