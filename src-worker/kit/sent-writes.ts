/**
 * Create and update of a record type whose changes are sent now or not at all (locations,
 * vendors): POST `<base>` and PUT `<base><id>/`, each defined once with its texts, the answer kept
 * as the record's fresh copy and the saved lists dropped. They are never queued, so they are not
 * outbox handlers.
 */
import type { AreaName } from '../../shared/areas/registry.js';
import { ERROR_MESSAGES } from '../../shared/data/messages.js';
import type { JsonValue } from '../../shared/data/db-schema.js';
import type { MutationResult } from '../../shared/data/protocol.js';
import { defineWrite } from '../outbox/write-action.js';
import { writeNow } from '../outbox/write-now.js';
import type { AreaContext } from './area-context.js';
import type { Records } from './records.js';

interface Texts {
  success: string;
  failure: string;
}

export interface SentWrites<T, Body> {
  create(ctx: AreaContext, body: Body): Promise<MutationResult<T>>;
  update(ctx: AreaContext, id: number, body: Body): Promise<MutationResult<T>>;
}

export function sentWrites<T extends { id: number }, Body extends object>(area: AreaName, records: Records<T>, texts: { create: Texts; update: Texts }): SentWrites<T, Body> {
  // Not kept for later: without a connection the write says so instead of queueing.
  const messages = (t: Texts) => ({ ...t, queued: ERROR_MESSAGES.needsConnection });
  const create = defineWrite<T>({
    area,
    action: 'create',
    request: (item) => ({ method: 'POST', path: records.base, json: item.payload }),
    invalidates: records.staleAfterWrite,
    saves: records.savesRecord,
    messages: messages(texts.create),
  });
  const update = defineWrite<T>({
    area,
    action: 'update',
    request: (item) => ({ method: 'PUT', path: records.detailPath(item.targetId ?? ''), json: item.payload }),
    invalidates: records.staleAfterWrite,
    saves: records.savesRecord,
    messages: messages(texts.update),
  });
  const payload = (body: Body) => ({ ...body }) as unknown as JsonValue;
  return {
    create: (ctx, body) => writeNow(ctx, create, { targetId: null, payload: payload(body) }),
    update: (ctx, id, body) => writeNow(ctx, update, { targetId: String(id), payload: payload(body) }),
  };
}
