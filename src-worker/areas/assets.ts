/**
 * Assets (behaviour §7): pages (all or one location) and details, and create, edit and move, sent now
 * (assets are not offline actions). An edit sends only the changed fields and a move only the new
 * location, each with the version the screen showed (`If-Match`), so a stale form never overwrites
 * a newer change. A chosen thumbnail is made to fit in this worker first, and then the write goes
 * as multipart; without one it is JSON.
 */
import type { AssetHistoryEntry } from '../../shared/api/asset-history.js';
import type { Asset } from '../../shared/api/assets.js';
import type { Page } from '../../shared/api/common.js';
import { LABELS_NEED_CONNECTION, assetLabelsPath } from '../../shared/api/labels.js';
import type { AssetEdit, NewAsset } from '../../shared/areas/assets.js';
import type { JsonValue } from '../../shared/data/db-schema.js';
import type { ReadResult } from '../../shared/data/protocol.js';
import { SCREEN_MESSAGES, SUCCESS_MESSAGES, ERROR_MESSAGES } from '../../shared/data/messages.js';
import type { HttpRequest } from '../http/http-client.js';
import { ASSET_LIST } from '../../shared/rules/list-rules.js';
import { readThroughCache } from '../cache/cached-read.js';
import type { AreaContext } from '../kit/area-context.js';
import { defineArea } from '../kit/area.js';
import { binaryRead } from '../kit/binary.js';
import { needsConnectionFor } from '../kit/reports.js';
import { recordsAt } from '../kit/records.js';
import { defineWrite, versionedPrecondition, type StoredWrite, type VersionedChanges } from '../outbox/write-action.js';
import { onlyOnline, writeNow } from '../outbox/write-now.js';

export const assets = recordsAt<Asset>('assets/', { list: 'assets/list/', synced: { area: 'assets', rule: ASSET_LIST } });

type Fields = { [field: string]: JsonValue };

/** JSON, or multipart with the thumbnail (every value as text, null as empty: the server's reading). */
function body(fields: Fields, item: StoredWrite<JsonValue>): Pick<HttpRequest, 'json' | 'form'> {
  const [thumbnail] = item.attachments;
  if (!thumbnail) return { json: fields };
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value === null ? '' : String(value));
  form.append('thumbnail', thumbnail.blob as Blob, thumbnail.name);
  return { form };
}

// Not kept for later: without a connection a write says so instead of queueing.
const sentNow = (success: string, failure: string) => ({ success, failure, queued: ERROR_MESSAGES.needsConnection });

const createAsset = defineWrite<Asset, Fields>({
  area: 'assets',
  action: 'create',
  request: (item) => ({ method: 'POST', path: 'assets/create/', ...body(item.payload, item) }),
  invalidates: assets.staleAfterWrite,
  saves: assets.savesRecord,
  messages: sentNow(SUCCESS_MESSAGES.assets.created, SCREEN_MESSAGES.assets.create),
});

/** Edit and move alike: PATCH of the changed fields on the version shown. */
const patchAsset = (action: string, success: string, failure: string) =>
  defineWrite<Asset, VersionedChanges>({
    area: 'assets',
    action,
    request: (item) => ({ method: 'PATCH', path: assets.detailPath(item.targetId ?? ''), ...body(item.payload.changes, item) }),
    precondition: versionedPrecondition,
    invalidates: assets.staleAfterWrite,
    saves: assets.savesRecord,
    messages: sentNow(success, failure),
  });

const updateAsset = patchAsset('update', SUCCESS_MESSAGES.assets.updated, SCREEN_MESSAGES.assets.update);
const moveAsset = patchAsset('move', SUCCESS_MESSAGES.assets.locationUpdated, SCREEN_MESSAGES.assets.updateLocation);

const versioned = (version: number, changes: object): VersionedChanges => ({ version, changes: changes as Fields });

export const area = defineArea({
  name: 'assets',
  calls: (ctx) => ({
    list: (params) => assets.list(ctx, params.page, { location: params.location }),
    get: (id) => assets.get(ctx, id),
    create: (input: NewAsset) =>
      writeNow(ctx, createAsset, { targetId: null, payload: { ...input.fields }, attachments: input.thumbnail ? [input.thumbnail] : [] }),
    update: (id, edit: AssetEdit) =>
      writeNow(ctx, updateAsset, { targetId: String(id), payload: versioned(edit.version, edit.changes), attachments: edit.thumbnail ? [edit.thumbnail] : [] }),
    move: (id, move) => writeNow(ctx, moveAsset, { targetId: String(id), payload: versioned(move.version, { location_id: move.location_id }) }),
    atLocation: (location) => allAtLocation(ctx, location),
    history: (id, page) => {
      const path = `assets/${id}/history/?page=${page}`;
      return readThroughCache(ctx.cache, path, () => ctx.http.request<Page<AssetHistoryEntry>>({ path }));
    },
    labels: (location) => needsConnectionFor(LABELS_NEED_CONNECTION, () => onlyOnline(ctx, () => binaryRead(ctx.http, { path: assetLabelsPath(location) }))),
  }),
});

/** A server that keeps answering more pages must not keep the worker reading forever. */
const MAX_LOCATION_PAGES = 100;

/**
 * Every asset at a location, page after page of the list (each answered by the server, or from what
 * the device keeps when it cannot be reached), as one saved-or-not answer.
 */
async function allAtLocation(ctx: AreaContext, location: number): Promise<ReadResult<Asset[]>> {
  const first = await assets.list(ctx, 1, { location });
  const all = [...first.data.results];
  let { fromCache, cachedAt } = first;
  for (let page = 2; all.length < first.data.count && page <= MAX_LOCATION_PAGES; page++) {
    const next = await assets.list(ctx, page, { location });
    if (next.data.results.length === 0) break;
    all.push(...next.data.results);
    fromCache ||= next.fromCache;
    // The oldest of the pages read says how old the whole may be.
    if (next.cachedAt && (!cachedAt || next.cachedAt < cachedAt)) cachedAt = next.cachedAt;
  }
  return { data: all, fromCache, cachedAt };
}
