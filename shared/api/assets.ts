/** Asset contracts. Reads nest the text fields the way the original API did (brand.brand, name.name …). */
import { Type, type Static } from '@sinclair/typebox';
import { ASSET_TYPES, NAME_LIMIT, TEXT_LIMIT, type AssetType } from '../constants.js';
import { Id, PageNumber, type EveryKey, type LocationRef, type NestedTexts, type UserRef } from './common.js';

/** A purchase price is at least 0 and below this (the server's rule). */
export const PRICE_LIMIT = 1_000_000_000;

const text = (max: number) => Type.String({ maxLength: max });
/** An enum (not a union of literals) so a wrong value gets one "Not a valid choice" message. */
const AssetTypeInput = Type.Unsafe<AssetType>(Type.String({ enum: [...ASSET_TYPES] }));
/**
 * Values a form may send as text: multipart bodies carry every value as a string and an empty
 * input arrives as "". The server parses them itself, because schema coercion inside a union
 * turns null into 0 (or 0 into null, depending on the order).
 */
const LooseNumber = Type.Unsafe<number | string | null>({});
/** YYYY-MM-DD; a full ISO timestamp is accepted and cut to its date. Empty or null means none. */
const DateInput = Type.Union([Type.String({ maxLength: 40 }), Type.Null()]);
const File = Type.Unsafe<unknown>({});

const fields = {
  brand: Type.Optional(text(NAME_LIMIT)),
  name: text(NAME_LIMIT),
  description: text(TEXT_LIMIT),
  asset_type: Type.Optional(AssetTypeInput),
  serial_number: text(NAME_LIMIT),
  /** Empty or null: no location. */
  location_id: Type.Optional(LooseNumber),
  acquisition_date: Type.Optional(DateInput),
  /** At least 0 and below 1,000,000,000. */
  purchase_price: Type.Optional(LooseNumber),
  /** Multipart only: one JPEG, PNG, GIF or WebP image. */
  thumbnail: Type.Optional(File),
};

/** Create: name, description and serial number required; the type defaults to BEVERAGE. */
export const AssetCreateBody = Type.Object(fields, { additionalProperties: false });
export type AssetCreateBody = Static<typeof AssetCreateBody>;

/**
 * Update: a body with only location_id (and optionally serial_number) moves the asset; any other
 * body is a full update in which every field except the thumbnail is required.
 */
export const AssetUpdateBody = Type.Partial(Type.Object(fields), { additionalProperties: false });
export type AssetUpdateBody = Static<typeof AssetUpdateBody>;

/**
 * PATCH: only the fields that changed (JSON or multipart), each checked as in the full update; at
 * least one. With `If-Match: <version>` the change applies only to that version (412 otherwise).
 */
export const AssetPatchBody = AssetUpdateBody;
export type AssetPatchBody = AssetUpdateBody;

const required = (max: number) => Type.String({ minLength: 1, maxLength: max });
const datePattern = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const price = Type.Number({ minimum: 0, exclusiveMaximum: PRICE_LIMIT });

/**
 * The Create Asset form as checked before sending (behaviour §5): location, name, description and serial
 * number required; acquisition date and price optional.
 */
export const AssetForm = Type.Object({
  location_id: Id,
  brand: Type.Optional(text(NAME_LIMIT)),
  name: required(NAME_LIMIT),
  description: required(TEXT_LIMIT),
  asset_type: AssetTypeInput,
  serial_number: required(NAME_LIMIT),
  // Left empty they are not checked (schema-check.ts): an empty optional field is sent as null.
  acquisition_date: Type.Optional(datePattern),
  purchase_price: Type.Optional(price),
});

/** The Update Asset form (behaviour §5): every field required, acquisition date and price included. */
export const AssetUpdateForm = Type.Composite([Type.Omit(AssetForm, ['acquisition_date', 'purchase_price']), Type.Object({ acquisition_date: datePattern, purchase_price: price })]);

export const AssetListQuery = Type.Object({
  location: Type.Optional(Id),
  page: Type.Optional(PageNumber),
});
export type AssetListQuery = Static<typeof AssetListQuery>;

export interface Asset extends NestedTexts {
  id: number;
  asset_type: { asset_type: string };
  serial_number: string;
  location: LocationRef | null;
  location_id: number | null;
  /** YYYY-MM-DD */
  acquisition_date: string | null;
  purchase_price: number | null;
  /** Absolute URL of the image, or null. */
  thumbnail_url: string | null;
  created_at: string;
  /** ISO timestamp of the last write. */
  updated_at: string;
  /** Raised by every write (update, move); send it back as If-Match. */
  version: number;
  /** Who wrote last; null when unknown (rows older than versions). */
  updated_by: UserRef | null;
  /** The label's code, e.g. `A-7K3Q9` (shared/rules/record-codes.ts); fixed for the asset's life. */
  code: string;
}

export const ASSET_KEYS = {
  id: true,
  brand: true,
  name: true,
  description: true,
  asset_type: true,
  serial_number: true,
  location: true,
  location_id: true,
  acquisition_date: true,
  purchase_price: true,
  thumbnail_url: true,
  created_at: true,
  updated_at: true,
  version: true,
  updated_by: true,
  code: true,
} satisfies EveryKey<Asset>;
