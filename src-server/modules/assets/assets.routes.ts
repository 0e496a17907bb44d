/** Assets: paged list with a location filter, detail, create (JSON or multipart with a thumbnail), update and move. */
import type { FastifyInstance } from 'fastify';
import type { Updateable } from 'kysely';
import { AssetCreateBody, AssetListQuery, AssetUpdateBody, type Asset } from '../../../shared/api/assets.js';
import type { LocationRef } from '../../../shared/api/common.js';
import { DEFAULT_ASSET_TYPE, UPLOAD_ALLOWED_TYPES } from '../../../shared/constants.js';
import type { AssetsTable } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { nowIso } from '../../http/clock.js';
import { notFound, type FieldErrors } from '../../http/errors.js';
import { requestOrigin } from '../../http/origin.js';
import { pageOf, pageWindow } from '../../http/pagination.js';
import { IdParams } from '../../http/params.js';
import { requiredText, throwIfErrors } from '../../http/text.js';
import { filesOf, mediaUrl, sniffType, storeFiles, type UploadedFile } from '../../http/uploads.js';
import { LocationsRepository } from '../locations/locations.repository.js';
import { parseDate, parseLocationId, parsePrice } from './assets.fields.js';
import { AssetsRepository, type AssetRow } from './assets.repository.js';

const IMAGE_TYPES = UPLOAD_ALLOWED_TYPES.filter((t) => t.startsWith('image/'));

/** The keys a move sends (spec 7: PUT with location_id and serial_number). */
const MOVE_KEYS = new Set(['location_id', 'serial_number']);

export function presentAsset(row: AssetRow, location: LocationRef | null, origin: string): Asset {
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
  };
}

const push = (errors: FieldErrors, field: string, message: string) => (errors[field] ??= []).push(message);

/** The optional thumbnail: one image, checked with the other fields so nothing is stored when any is wrong. */
function thumbnailOf(errors: FieldErrors, value: unknown): UploadedFile | null {
  const files = filesOf(value, 'thumbnail');
  if (!files.length) return null;
  const [file] = files;
  if (files.length > 1 || !file) push(errors, 'thumbnail', 'Upload a single image.');
  else if (file.data.length === 0) push(errors, 'thumbnail', 'The submitted file is empty.');
  else if (!sniffType(file.data, IMAGE_TYPES)) push(errors, 'thumbnail', 'Upload a valid image: JPEG, PNG, GIF or WebP.');
  else return file;
  return null;
}

/** A value the full update requires: absent is "required", sent empty is "may not be null". */
function required<T>(errors: FieldErrors, field: string, raw: unknown, parsed: T | null | undefined): T | undefined {
  if (raw === undefined) push(errors, field, 'This field is required.');
  else if (parsed === null) push(errors, field, 'This field may not be null.');
  return parsed ?? undefined;
}

export async function assetsRoutes(api: FastifyInstance, { db, config }: AppDeps): Promise<void> {
  const assets = new AssetsRepository(db);
  const locations = new LocationsRepository(db);

  async function checkLocation(errors: FieldErrors, id: number | null | undefined): Promise<void> {
    if (id !== null && id !== undefined && !(await locations.exists(id))) push(errors, 'location_id', `Invalid pk "${id}" - object does not exist.`);
  }

  async function storeThumbnail(file: UploadedFile | null): Promise<string | null> {
    if (!file) return null;
    const [stored] = await storeFiles(config.uploadsDir, 'assets', [file], 'thumbnail', IMAGE_TYPES);
    return stored?.storedName ?? null;
  }

  async function presentOne(row: AssetRow, origin: string): Promise<Asset> {
    const refs = await assets.locationRefs([row]);
    return presentAsset(row, row.location_id === null ? null : (refs.get(row.location_id) ?? null), origin);
  }

  api.get<{ Querystring: AssetListQuery }>('/assets/list/', { schema: { querystring: AssetListQuery } }, async (request) => {
    const window = pageWindow(request.query.page);
    const { count, rows } = await assets.page(window, request.query.location);
    const refs = await assets.locationRefs(rows);
    const origin = requestOrigin(request);
    return pageOf(
      request,
      window,
      count,
      rows.map((r) => presentAsset(r, r.location_id === null ? null : (refs.get(r.location_id) ?? null), origin)),
    );
  });

  api.get<{ Params: IdParams }>('/assets/:id/', { schema: { params: IdParams } }, async (request) => {
    const row = await assets.findById(request.params.id);
    if (!row) throw notFound();
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
      // Spec 5: an empty location becomes null.
      location_id: parseLocationId(errors, b.location_id) ?? null,
      acquisition_date: parseDate(errors, b.acquisition_date) ?? null,
      purchase_price: parsePrice(errors, b.purchase_price) ?? null,
    };
    const thumbnail = thumbnailOf(errors, b.thumbnail);
    await checkLocation(errors, values.location_id);
    throwIfErrors(errors);
    const now = nowIso();
    const row = await assets.create({ ...values, thumbnail: await storeThumbnail(thumbnail), created_at: now, updated_at: now });
    return reply.code(201).send(await presentOne(row, requestOrigin(request)));
  });

  /**
   * Two uses share this path (spec 7). A body whose only keys are location_id and, optionally,
   * serial_number is a move: it changes just those. Any other body is the Update Asset form, in
   * which every field is required (spec 5), the thumbnail excepted; without a new thumbnail the
   * old one stays. Either way the asset must end up at an existing location.
   */
  api.put<{ Params: IdParams; Body: AssetUpdateBody }>('/assets/:id/', { schema: { params: IdParams, body: AssetUpdateBody }, config: { uploads: true } }, async (request) => {
    const b = request.body;
    const existing = await assets.findById(request.params.id);
    if (!existing) throw notFound();
    const errors: FieldErrors = {};
    const sent = Object.keys(b).filter((k) => b[k as keyof AssetUpdateBody] !== undefined);
    const isMove = sent.includes('location_id') && sent.every((k) => MOVE_KEYS.has(k));

    const locationId = required(errors, 'location_id', b.location_id, parseLocationId(errors, b.location_id));
    let changes: Updateable<AssetsTable>;
    let thumbnail: UploadedFile | null = null;
    if (isMove) {
      changes = {
        location_id: locationId,
        ...(b.serial_number !== undefined ? { serial_number: requiredText(errors, 'serial_number', b.serial_number) } : {}),
      };
    } else {
      changes = {
        brand: requiredText(errors, 'brand', b.brand),
        name: requiredText(errors, 'name', b.name),
        description: requiredText(errors, 'description', b.description),
        serial_number: requiredText(errors, 'serial_number', b.serial_number),
        asset_type: required(errors, 'asset_type', b.asset_type, b.asset_type),
        location_id: locationId,
        acquisition_date: required(errors, 'acquisition_date', b.acquisition_date, parseDate(errors, b.acquisition_date)),
        purchase_price: required(errors, 'purchase_price', b.purchase_price, parsePrice(errors, b.purchase_price)),
      };
      thumbnail = thumbnailOf(errors, b.thumbnail);
    }
    await checkLocation(errors, locationId);
    throwIfErrors(errors);
    const stored = await storeThumbnail(thumbnail);
    if (stored) changes.thumbnail = stored;
    const row = await assets.update(existing.id, { ...changes, updated_at: nowIso() });
    if (!row) throw notFound();
    return presentOne(row, requestOrigin(request));
  });
}
