/**
 * Record versions over HTTP (docs/decisions.md: Edits never roll back newer data): a read carries `ETag: "<version>"`, an update may
 * carry `If-Match: <version>`, and an update based on an older version is refused with 412 and the
 * record as it is now, so an edit queued offline never rolls back a newer change. Without If-Match
 * an update applies as before.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserRef } from '../../shared/api/common.js';
import { STALE_VERSION_CODE } from '../../shared/api/refusal-codes.js';
import { usDateTimeIn } from '../reports/format.js';
import { HttpError } from './errors.js';
import { msg, t } from '../../shared/i18n/translate.js';

export const BAD_IF_MATCH = msg('If-Match must be the version of the record, e.g. "3".');

/** `3`, `"3"` and `W/"3"` all name version 3; `*` (any version) is no precondition. */
export function ifMatchVersion(request: FastifyRequest): number | undefined {
  const raw = request.headers['if-match'];
  if (raw === undefined) return undefined;
  const text = (Array.isArray(raw) ? raw.join(', ') : raw).trim();
  if (text === '*') return undefined;
  const m = /^(?:W\/)?(?:"(\d{1,9})"|(\d{1,9}))$/.exec(text);
  if (!m) throw new HttpError(400, { detail: t(BAD_IF_MATCH) });
  return Number(m[1] ?? m[2]);
}

export function setVersionTag(reply: FastifyReply, version: number): void {
  reply.header('etag', `"${version}"`);
}

/** What the row says about its last write. */
export interface LastWrite {
  updated_at: string;
  updated_by: UserRef | null;
}

export function staleVersionMessage(last: LastWrite, timeZone: string): string {
  const name = last.updated_by ? `${last.updated_by.first_name} ${last.updated_by.last_name}`.trim() : '';
  const time = usDateTimeIn(new Date(last.updated_at), timeZone);
  return name ? t('Changed by {name} at {time} since you edited it.', { name, time }) : t('Changed by another user at {time} since you edited it.', { time });
}

/** 412 with the record as a read answers it now, so the client can show what changed and re-apply. */
export function staleVersion(current: LastWrite, timeZone: string): HttpError {
  const body = { detail: staleVersionMessage(current, timeZone), code: STALE_VERSION_CODE, current };
  return new HttpError(412, body);
}
