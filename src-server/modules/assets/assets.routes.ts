/** Assets: paged list with a location filter, detail, create (JSON or multipart with a thumbnail), update and move. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AssetCreateBody, AssetListQuery, AssetPatchBody, AssetUpdateBody, type Asset } from '../../../shared/api/assets.js';
import type { RecordWrite } from '../../db/versions.js';
import type { AppDeps } from '../../deps.js';
import { nowIso } from '../../http/clock.js';
import { currentUser } from '../../http/access.js';
import { addFieldError, notFound, nothingToChange, throwIfErrors, type FieldErrors } from '../../http/errors.js';
import { requestOrigin } from '../../http/origin.js';
import { pageOf, pageWindow } from '../../http/pagination.js';
import { IdParams } from '../../http/params.js';
import { ifMatchVersion, setVersionTag, staleVersion } from '../../http/preconditions.js';
import { doesNotExist } from '../../http/relations.js';

import type { UploadedFile } from '../../http/uploads.js';
import { checkChanges, checkNewAsset, IMAGE_TYPES, isMove } from './assets.fields.js';
import { presentAsset } from './assets.presenter.js';
import { type AssetChanges, type AssetRow } from './assets.repository.js';

export async function assetsRoutes(app: FastifyInstance, { config, repositories, uploads, models }: AppDeps): Promise<void> {
  const assets = repositories.assets;
  const locations = repositories.locations;

  async function checkLocation(errors: FieldErrors, id: number | null | undefined): Promise<void> {
    if (id !== null && id !== undefined && !(await locations.exists(id))) addFieldError(errors, 'location_id', doesNotExist(id));
  }

  /** Stores a thumbnail for the user, held to their upload quota. */
  async function storeThumbnail(ownerId: number, file: UploadedFile | null): Promise<string | null> {
    if (!file) return null;
    const [stored] = await uploads.store(ownerId, 'assets', [file], 'thumbnail', IMAGE_TYPES);
    return stored?.storedName ?? null;
  }

  /** Runs the write that names a just-stored thumbnail; when it fails, the file goes too. */
  async function namingThumbnail<T>(stored: string | null, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (stored) await uploads.discard([stored]);
      throw err;
    }
  }

  async function presentOne(row: AssetRow, origin: string): Promise<Asset> {
    return presentAsset(row, await assets.relationsOf([row]), origin);
  }

  /**
   * Applies checked changes under the request's If-Match and answers the asset as written. A new
   * thumbnail is stored first and removed again when the write does not apply; once it is
   * committed, the thumbnail it replaced is deleted.
   */
  async function writeAsset(request: FastifyRequest<{ Params: IdParams }>, reply: FastifyReply, changes: AssetChanges, thumbnail: UploadedFile | null): Promise<Asset> {
    const version = ifMatchVersion(request);
    const write: RecordWrite = { userId: currentUser(request).id, now: nowIso(), version };
    const replaced = thumbnail ? ((await assets.findById(request.params.id))?.thumbnail ?? null) : null;
    const stored = await storeThumbnail(write.userId, thumbnail);
    const row = await namingThumbnail(stored, () => assets.update(request.params.id, stored ? { ...changes, thumbnail: stored } : changes, write));
    const origin = requestOrigin(request);
    if (!row) {
      if (stored) await uploads.discard([stored]);
      const current = await assets.findById(request.params.id);
      if (!current) throw notFound();
      // Without If-Match the write is unconditional, so only a changed version explains a refusal.
      throw staleVersion(await presentOne(current, origin), config.timeZone);
    }
    if (stored && replaced && replaced !== stored) await uploads.discardReplaced([replaced]);
    setVersionTag(reply, row.version);
    return presentOne(row, origin);
  }

  app.get<{ Querystring: AssetListQuery }>('/assets/list/', { schema: { querystring: AssetListQuery }, config: { access: models.assets.read } }, async (request) => {
    const window = pageWindow(request.query.page);
    const { count, rows } = await assets.page(window, request.query.location);
    const relations = await assets.relationsOf(rows);
    const origin = requestOrigin(request);
    return pageOf(request, window, count, rows.map((r) => presentAsset(r, relations, origin)));
  });

  app.get<{ Params: IdParams }>('/assets/:id/', { schema: { params: IdParams }, config: { access: models.assets.read } }, async (request, reply) => {
    const row = await assets.findById(request.params.id);
    if (!row) throw notFound();
    setVersionTag(reply, row.version);
    return presentOne(row, requestOrigin(request));
  });

  app.post<{ Body: AssetCreateBody }>('/assets/create/', { schema: { body: AssetCreateBody }, config: { uploads: true } }, async (request, reply) => {
    const errors: FieldErrors = {};
    const { values, thumbnail } = checkNewAsset(errors, request.body);
    await checkLocation(errors, values.location_id);
    throwIfErrors(errors);
    const now = nowIso();
    const userId = currentUser(request).id;
    const stored = await storeThumbnail(userId, thumbnail);
    const row = await namingThumbnail(stored, () => assets.create({ ...values, thumbnail: stored, created_at: now, updated_at: now, updated_by_id: userId }));
    return reply.code(201).send(await presentOne(row, requestOrigin(request)));
  });

  /**
   * Two uses share this path (behaviour §7). A body whose only keys are location_id and, optionally,
   * serial_number is a move: it changes just those. Any other body is the Update Asset form, in
   * which every field is required (behaviour §5), the thumbnail excepted; without a new thumbnail the
   * old one stays. Either way the asset must end up at an existing location.
   */
  app.put<{ Params: IdParams; Body: AssetUpdateBody }>(
    '/assets/:id/',
    { schema: { params: IdParams, body: AssetUpdateBody }, config: { uploads: true } },
    async (request, reply) => {
      if (!(await assets.findById(request.params.id))) throw notFound();
      const errors: FieldErrors = {};
      const { changes, thumbnail } = checkChanges(errors, request.body, isMove(request.body));
      await checkLocation(errors, changes.location_id);
      throwIfErrors(errors);
      return writeAsset(request, reply, changes, thumbnail);
    },
  );

  /** Only the fields that changed, each checked as in the full update; a location alone is a move. */
  app.patch<{ Params: IdParams; Body: AssetPatchBody }>(
    '/assets/:id/',
    {
      schema: { params: IdParams, body: AssetPatchBody },
      config: { uploads: true },
      // A body-less PATCH gets the clear "nothing to change" answer rather than a schema message.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request, reply) => {
      if (!(await assets.findById(request.params.id))) throw notFound();
      const errors: FieldErrors = {};
      const { changes, thumbnail } = checkChanges(errors, request.body, true);
      await checkLocation(errors, changes.location_id);
      throwIfErrors(errors);
      if (!Object.keys(changes).length && !thumbnail) throw nothingToChange();
      return writeAsset(request, reply, changes, thumbnail);
    },
  );
}
