/** Assets: paged list with a location filter, detail, create (JSON or multipart with a thumbnail), update and move. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AssetCreateBody, AssetListQuery, AssetPatchBody, AssetUpdateBody, type Asset } from '../../../shared/api/assets.js';
import { DEFAULT_ASSET_TYPE, UPLOAD_ALLOWED_TYPES } from '../../../shared/constants.js';
import { IMAGE_REFUSED_MESSAGE } from '../../../shared/data/attachments.js';
import type { RecordWrite } from '../../db/versions.js';
import type { AppDeps } from '../../deps.js';
import { nowIso } from '../../http/clock.js';
import { currentUser } from '../../http/access.js';
import { addFieldError, notFound, nothingToChange, type FieldErrors } from '../../http/errors.js';
import { requestOrigin } from '../../http/origin.js';
import { pageOf, pageWindow } from '../../http/pagination.js';
import { IdParams } from '../../http/params.js';
import { ifMatchVersion, setVersionTag, staleVersion } from '../../http/preconditions.js';
import { requiredText, throwIfErrors } from '../../http/text.js';
import { UploadStore } from '../../http/upload-store.js';
import { filesOf, mediaUrl, sniffType, type UploadedFile } from '../../http/uploads.js';
import { LocationsRepository } from '../locations/locations.repository.js';
import { parseDate, parseLocationId, parsePrice } from './assets.fields.js';
import { AssetsRepository, type AssetChanges, type AssetRelations, type AssetRow } from './assets.repository.js';

const IMAGE_TYPES = UPLOAD_ALLOWED_TYPES.filter((t) => t.startsWith('image/'));

/** The keys a move sends (behaviour §7: PUT with location_id and serial_number). */
const MOVE_KEYS = new Set(['location_id', 'serial_number']);

export function presentAsset(row: AssetRow, relations: AssetRelations, origin: string): Asset {
  const location = row.location_id === null ? undefined : relations.locations.get(row.location_id);
  const writer = row.updated_by_id === null ? undefined : relations.users.get(row.updated_by_id);
  return {
    id: row.id,
    brand: { brand: row.brand },
    name: { name: row.name },
    description: { description: row.description },
    asset_type: { asset_type: row.asset_type },
    serial_number: row.serial_number,
    location: location ? { id: location.id, name: location.name } : null,
    location_id: row.location_id,
    acquisition_date: row.acquisition_date,
    purchase_price: row.purchase_price === null ? null : Number(row.purchase_price),
    thumbnail_url: mediaUrl(origin, row.thumbnail),
    created_at: row.created_at,
    updated_at: row.updated_at,
    version: row.version,
    updated_by: writer ? { id: writer.id, first_name: writer.first_name, last_name: writer.last_name } : null,
  };
}

/** The optional thumbnail: one image, checked with the other fields so nothing is stored when any is wrong. */
function thumbnailOf(errors: FieldErrors, value: unknown): UploadedFile | null {
  const files = filesOf(value, 'thumbnail');
  if (!files.length) return null;
  const [file] = files;
  if (files.length > 1 || !file) addFieldError(errors, 'thumbnail', 'Upload a single image.');
  else if (file.data.length === 0) addFieldError(errors, 'thumbnail', 'The submitted file is empty.');
  else if (!sniffType(file.data, IMAGE_TYPES)) addFieldError(errors, 'thumbnail', IMAGE_REFUSED_MESSAGE);
  else return file;
  return null;
}

/** A value the full update requires: absent is "required", sent empty is "may not be null". */
function required<T>(errors: FieldErrors, field: string, raw: unknown, parsed: T | null | undefined): T | undefined {
  if (raw === undefined) addFieldError(errors, field, 'This field is required.');
  else if (parsed === null) addFieldError(errors, field, 'This field may not be null.');
  return parsed ?? undefined;
}

/**
 * The fields of the Update Asset form (behaviour §5), each checked, and the thumbnail. With `onlySent`,
 * a field the body leaves out is neither checked nor changed; without, every field but the
 * thumbnail is required.
 */
function checkChanges(errors: FieldErrors, b: AssetUpdateBody, onlySent: boolean): { changes: AssetChanges; thumbnail: UploadedFile | null } {
  const wanted = (key: keyof AssetUpdateBody) => !onlySent || b[key] !== undefined;
  const changes: AssetChanges = {};
  if (wanted('location_id')) changes.location_id = required(errors, 'location_id', b.location_id, parseLocationId(errors, b.location_id));
  if (wanted('brand')) changes.brand = requiredText(errors, 'brand', b.brand);
  if (wanted('name')) changes.name = requiredText(errors, 'name', b.name);
  if (wanted('description')) changes.description = requiredText(errors, 'description', b.description);
  if (wanted('serial_number')) changes.serial_number = requiredText(errors, 'serial_number', b.serial_number);
  if (wanted('asset_type')) changes.asset_type = required(errors, 'asset_type', b.asset_type, b.asset_type);
  if (wanted('acquisition_date')) changes.acquisition_date = required(errors, 'acquisition_date', b.acquisition_date, parseDate(errors, b.acquisition_date));
  if (wanted('purchase_price')) changes.purchase_price = required(errors, 'purchase_price', b.purchase_price, parsePrice(errors, b.purchase_price));
  return { changes, thumbnail: thumbnailOf(errors, b.thumbnail) };
}

export async function assetsRoutes(api: FastifyInstance, { db, config, storage }: AppDeps): Promise<void> {
  const assets = new AssetsRepository(db);
  const locations = new LocationsRepository(db);
  const uploads = new UploadStore(db, storage, config);

  async function checkLocation(errors: FieldErrors, id: number | null | undefined): Promise<void> {
    if (id !== null && id !== undefined && !(await locations.exists(id))) addFieldError(errors, 'location_id', `Invalid pk "${id}" - object does not exist.`);
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

  api.get<{ Querystring: AssetListQuery }>('/assets/list/', { schema: { querystring: AssetListQuery } }, async (request) => {
    const window = pageWindow(request.query.page);
    const { count, rows } = await assets.page(window, request.query.location);
    const relations = await assets.relationsOf(rows);
    const origin = requestOrigin(request);
    return pageOf(
      request,
      window,
      count,
      rows.map((r) => presentAsset(r, relations, origin)),
    );
  });

  api.get<{ Params: IdParams }>('/assets/:id/', { schema: { params: IdParams } }, async (request, reply) => {
    const row = await assets.findById(request.params.id);
    if (!row) throw notFound();
    setVersionTag(reply, row.version);
    return presentOne(row, requestOrigin(request));
  });

  api.post<{ Body: AssetCreateBody }>('/assets/create/', { schema: { body: AssetCreateBody }, config: { uploads: true } }, async (request, reply) => {
    const b = request.body;
    const errors: FieldErrors = {};
    const values = {
      brand: (b.brand ?? '').trim(),
      name: requiredText(errors, 'name', b.name),
      description: requiredText(errors, 'description', b.description),
      asset_type: b.asset_type ?? DEFAULT_ASSET_TYPE,
      serial_number: requiredText(errors, 'serial_number', b.serial_number),
      // Behaviour §5: an empty location becomes null.
      location_id: parseLocationId(errors, b.location_id) ?? null,
      acquisition_date: parseDate(errors, b.acquisition_date) ?? null,
      purchase_price: parsePrice(errors, b.purchase_price) ?? null,
    };
    const thumbnail = thumbnailOf(errors, b.thumbnail);
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
  api.put<{ Params: IdParams; Body: AssetUpdateBody }>(
    '/assets/:id/',
    { schema: { params: IdParams, body: AssetUpdateBody }, config: { uploads: true } },
    async (request, reply) => {
      const b = request.body;
      if (!(await assets.findById(request.params.id))) throw notFound();
      const errors: FieldErrors = {};
      const sent = Object.keys(b).filter((k) => b[k as keyof AssetUpdateBody] !== undefined);
      const isMove = sent.includes('location_id') && sent.every((k) => MOVE_KEYS.has(k));
      const { changes, thumbnail } = checkChanges(errors, b, isMove);
      await checkLocation(errors, changes.location_id);
      throwIfErrors(errors);
      return writeAsset(request, reply, changes, thumbnail);
    },
  );

  /** Only the fields that changed, each checked as in the full update; a location alone is a move. */
  api.patch<{ Params: IdParams; Body: AssetPatchBody }>(
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
