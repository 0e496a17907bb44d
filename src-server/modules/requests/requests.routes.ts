/**
 * Requests from people without an account (shared/api/requests.ts; docs/decisions.md: Requests at
 * the label). Public: the form a label's link opens, the send, and the status page's answer, with
 * limits per address and per label, a hidden field that people leave empty, and one request per
 * Idempotency-Key. Full access: the triage list, accept (into a work order) and reject, each once,
 * and the locations closed to requests.
 */
import { randomBytes } from 'node:crypto';
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Page } from '../../../shared/api/common.js';
import { CodeParams } from '../../../shared/api/code-params.js';
import { HIDDEN_FIELD, PHONE_LIMIT, PublicRequestBody, REQUEST_MESSAGES, RejectBody, RequestListQuery, type RequestForm, type RequestStatus, type RequestStatusView, type RequestTaken, type WorkRequest } from '../../../shared/api/requests.js';
import { NAME_LIMIT } from '../../../shared/constants.js';
import { optionalText } from '../../../shared/rules/optional-text.js';
import { readCode } from '../../../shared/rules/record-codes.js';
import type { AppDeps } from '../../deps.js';
import { currentUser } from '../../http/access.js';
import { nowIso } from '../../http/clock.js';
import { emailField } from '../../http/email.js';
import { addFieldError, conflict, HttpError, notFound, throwIfErrors, type FieldErrors } from '../../http/errors.js';
import { requestOrigin } from '../../http/origin.js';
import { requestLanguage } from '../../http/request-language.js';
import { doesNotExist } from '../../http/relations.js';
import { pageOf, pageWindow } from '../../http/pagination.js';
import { IdParams } from '../../http/params.js';
import { requiredText } from '../../http/text.js';
import { filesOf, storeFiles } from '../../http/uploads.js';
import { IMAGE_TYPES } from '../assets/assets.fields.js';
import { presentRequest, requestStatus } from './requests.presenter.js';
import type { WorkRequestRow } from './requests.repository.js';
import { t } from '../../../shared/i18n/translate.js';

const DAY_MS = 86_400_000;
const TokenParams = Type.Object({ token: Type.String({ pattern: '^[A-Za-z0-9_-]{20,64}$' }) });
type TokenParams = Static<typeof TokenParams>;
const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,255}$/;

/** The status page of a request, under PUBLIC_URL: what its sender keeps. */
export const statusPath = (token: string) => `/request-status/${token}`;

/** An unguessable token (24 random bytes). */
const newToken = () => randomBytes(24).toString('base64url');

/** An optional text: trimmed, null when empty, a field error when too long. */
function optionalField(errors: FieldErrors, field: string, value: string | null | undefined, limit: number): string | null {
  const text = optionalText(value);
  if (text !== null && text.length > limit) addFieldError(errors, field, t('Ensure this field has no more than {limit} characters.', { limit: String(limit) }));
  return text;
}

export async function requestsRoutes(app: FastifyInstance, { config, repositories, storage }: AppDeps): Promise<void> {
  const requests = repositories.requests;
  const taken = (row: Pick<WorkRequestRow, 'id' | 'token'>): RequestTaken => ({ id: row.id, status_url: `${config.publicUrl}${statusPath(row.token)}` });

  /** The label's place, or 404 when requests are off, the code is no label, or its location takes none. */
  async function placeOf(text: string) {
    const code = config.publicRequests ? readCode(text) : null;
    const place = code ? await requests.placeOf(code) : undefined;
    if (!code || !place) throw notFound(REQUEST_MESSAGES.closed);
    return { code, place };
  }

  app.get<{ Params: CodeParams }>(
    '/public/requests/form/:code/',
    { schema: { params: CodeParams, description: 'Where a label\'s requests go, for its form: `{location: {name}, asset: {name} | null}`. 404 for a code that is no label, a location closed to requests, or with PUBLIC_REQUESTS off.' }, config: { access: 'public' } },
    async (request): Promise<RequestForm> => {
      const { place } = await placeOf(request.params.code);
      return { location: { name: place.locationName }, asset: place.asset && { name: place.asset.name } };
    },
  );

  app.post<{ Body: PublicRequestBody }>(
    '/public/requests/',
    {
      schema: {
        body: PublicRequestBody,
        description:
          'Sends a request from a label (no account): `code`, `description`, optional `name`, `email`, `phone`, and as multipart an optional `photo` (an image). With an Idempotency-Key it is taken once however often it is sent. 201 `{id, status_url}`. At most PUBLIC_REQUEST_ADDRESS_LIMIT an hour from one address and PUBLIC_REQUEST_LABEL_LIMIT a day from one label (429).',
      },
      // Its own once-only: the key is kept on the request itself (no account to file it under).
      config: { access: 'public', uploads: true, idempotency: 'never', rateLimit: { max: config.publicRequestAddressLimit, timeWindow: '1 hour' } },
    },
    async (request, reply) => {
      const body = request.body;
      // A filled hidden field: answered as taken, kept nowhere.
      if (typeof body[HIDDEN_FIELD] === 'string' && body[HIDDEN_FIELD].trim() !== '') return reply.code(201).send(taken({ id: 0, token: newToken() }));
      const key = idempotencyKeyOf(request);
      if (key) {
        const earlier = await requests.findByKey(key);
        if (earlier) return reply.code(201).send(taken(earlier));
      }
      const errors: FieldErrors = {};
      const codeText = requiredText(errors, 'code', body.code);
      const description = requiredText(errors, 'description', body.description);
      const name = optionalField(errors, 'name', body.name, NAME_LIMIT);
      const phone = optionalField(errors, 'phone', body.phone, PHONE_LIMIT);
      const email = optionalText(body.email) === null ? null : emailField(errors, 'email', body.email);
      const files = filesOf((body as Record<string, unknown>).photo, 'photo');
      if (files.length > 1) addFieldError(errors, 'photo', t('Send one photo.'));
      throwIfErrors(errors);
      const { code, place } = await placeOf(codeText);
      const now = nowIso();
      if ((await requests.countFromLabelSince(code, new Date(Date.now() - DAY_MS).toISOString())) >= config.publicRequestLabelLimit) {
        throw new HttpError(429, { detail: REQUEST_MESSAGES.labelBusy });
      }
      const [photo] = await storeFiles(storage, 'requests', files, 'photo', IMAGE_TYPES);
      const row = await requests.take({
        token: newToken(),
        idempotency_key: key,
        code,
        location_id: place.locationId,
        asset_id: place.asset?.id ?? null,
        description,
        name,
        email: email || null,
        phone,
        photo: photo?.storedName ?? null,
        photo_name: photo?.originalName ?? null,
        photo_type: photo?.contentType ?? null,
        photo_size: photo?.size ?? null,
        status: 'new',
        created_at: now,
        // The visitor has no account: the mails about the request follow the language they wrote in.
        language: requestLanguage(request),
      });
      return reply.code(201).send(taken(row));
    },
  );

  app.get<{ Params: TokenParams }>(
    '/public/requests/:token/',
    { schema: { params: TokenParams, description: 'A request\'s status for its sender: `{status, reason, created_at}` and nothing else.' }, config: { access: 'public' } },
    async (request): Promise<RequestStatusView> => {
      const row = await requests.findByToken(request.params.token);
      if (!row) throw notFound();
      return { status: requestStatus(row, await requests.orderStatus(row.work_order_id)), reason: row.status === 'rejected' ? row.reason : null, created_at: row.created_at };
    },
  );

  const presentAll = async (request: FastifyRequest, rows: WorkRequestRow[]) => {
    const relations = await requests.relationsOf(rows);
    const origin = requestOrigin(request);
    return rows.map((row) => presentRequest(row, relations, origin));
  };
  const existing = async (id: number) => {
    const row = await requests.findById(id);
    if (!row) throw notFound();
    return row;
  };

  app.get<{ Querystring: RequestListQuery }>(
    '/requests/',
    { schema: { querystring: RequestListQuery, description: 'Requests from labels, new ones first, then the newest; pages of 10, by `status` and `location`.' } },
    async (request): Promise<Page<WorkRequest>> => {
      const window = pageWindow(request.query.page);
      // The schema holds the status to the list's words.
      const { count, rows } = await requests.page(window, { status: request.query.status as RequestStatus | undefined, locationId: request.query.location });
      return pageOf(request, window, count, await presentAll(request, rows));
    },
  );

  app.get<{ Params: IdParams }>('/requests/:id/', { schema: { params: IdParams, description: 'One request.' } }, async (request): Promise<WorkRequest> => {
    return (await presentAll(request, [await existing(request.params.id)]))[0]!;
  });

  app.post<{ Params: IdParams }>(
    '/requests/:id/accept/',
    { schema: { params: IdParams, description: 'Turns a new request into a Pending work order at its location (and asset), with its description and photo; the order\'s history names the request. `{work_order_id}`. Once: a decided request answers 409.' } },
    async (request): Promise<{ work_order_id: number }> => {
      await existing(request.params.id);
      const row = await requests.accept(request.params.id, currentUser(request).id, nowIso());
      if (!row || row.work_order_id === null) throw conflict(REQUEST_MESSAGES.alreadyDecided);
      return { work_order_id: row.work_order_id };
    },
  );

  app.post<{ Params: IdParams; Body: RejectBody }>(
    '/requests/:id/reject/',
    {
      schema: {
        params: IdParams,
        body: RejectBody,
        description: 'Turns a new request down with a `reason` its sender reads; with `duplicate_of`, as the same problem as that work order, which it then links to (`work_order_id`). Once: a decided request answers 409.',
      },
    },
    async (request): Promise<WorkRequest> => {
      await existing(request.params.id);
      const errors: FieldErrors = {};
      const reason = optionalText(request.body.reason);
      if (!reason) addFieldError(errors, 'reason', REQUEST_MESSAGES.reasonNeeded);
      const duplicateOf = request.body.duplicate_of ?? null;
      if (duplicateOf !== null && !(await repositories.workOrders.findById(duplicateOf))) addFieldError(errors, 'duplicate_of', doesNotExist(duplicateOf));
      throwIfErrors(errors);
      const row = await requests.reject(request.params.id, currentUser(request).id, reason!, nowIso(), duplicateOf);
      if (!row) throw conflict(REQUEST_MESSAGES.alreadyDecided);
      return (await presentAll(request, [row]))[0]!;
    },
  );

  app.put<{ Params: IdParams }>('/requests/closed-locations/:id/', { schema: { params: IdParams, description: 'Closes a location\'s labels to requests.' } }, async (request, reply) => {
    if (!(await repositories.locations.exists(request.params.id))) throw notFound();
    await requests.close(request.params.id, nowIso());
    return reply.code(204).send();
  });

  app.delete<{ Params: IdParams }>('/requests/closed-locations/:id/', { schema: { params: IdParams, description: 'Opens a location\'s labels to requests again.' } }, async (request, reply) => {
    await requests.open(request.params.id);
    return reply.code(204).send();
  });
}

/** The request's Idempotency-Key, when it sends a well-formed one (a malformed one is refused). */
function idempotencyKeyOf(request: FastifyRequest): string | null {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return null;
  if (typeof header !== 'string' || !KEY_PATTERN.test(header)) throw new HttpError(400, { detail: t('The Idempotency-Key header must be 8 to 255 letters, digits or . _ : -') });
  return header;
}
