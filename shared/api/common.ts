/** Shapes shared by every area, and the request fields every area's schemas are built from. */
import { Type } from '@sinclair/typebox';

/** The largest id a record can have: both engines key records with 32-bit integers. */
export const ID_MAX = 2_147_483_647;

/** A record id in a path, query or body. */
export const Id = Type.Integer({ minimum: 1, maximum: ID_MAX });

/** The `page` query of every list; far beyond any real list, so a page number never overflows an offset. */
export const PageNumber = Type.Integer({ minimum: 1, maximum: 1_000_000_000 });

/** The query of a list with a location filter and a search box (work orders, maintenance tasks): `?page=&location=&search=`. */
export const LocationSearchQuery = Type.Object({
  page: Type.Optional(PageNumber),
  location: Type.Optional(Id),
  search: Type.Optional(Type.String({ maxLength: 200 })),
});

/** The date of a fill, count or wash record (checked by the server: decisions: Dates of offline records). */
export const RecordDate = Type.String({
  maxLength: 64,
  description: "YYYY-MM-DD, the device's date when the record was made; from the same day a year before the server's today to one day after it",
});

export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** A location as other records show it. */
export interface LocationRef {
  id: number;
  name: string;
}

/** A user as `assigned_to` lists show them. */
/** The texts an asset and a part nest the way the original API did (brand.brand, name.name …). */
export interface NestedTexts {
  brand: { brand: string };
  name: { name: string };
  description: { description: string };
}

/** A row's texts nested as `NestedTexts`, the one place the server builds them. */
export function nestedTexts(row: { brand: string; name: string; description: string }): NestedTexts {
  return { brand: { brand: row.brand }, name: { name: row.name }, description: { description: row.description } };
}

export interface UserRef {
  id: number;
  first_name: string;
  last_name: string;
}

/**
 * One `true` per key of a response type. A list declared `satisfies EveryKey<T>` is refused by the
 * compiler when it leaves a key out or names one the type does not have, so a test can hold what
 * a presenter answers to the type through it.
 */
export type EveryKey<T> = { readonly [K in keyof T]-?: true };

/** DRF error bodies. */
export type ApiErrorBody = { detail: string; code?: string } | Record<string, string[]>;
