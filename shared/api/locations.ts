import { Type, type Static } from '@sinclair/typebox';
import { LOCATION_TYPES } from '../constants.js';
import type { EveryKey } from './common.js';

const text = (max: number) => Type.String({ maxLength: max });
const optionalText = (max: number) => Type.Optional(Type.Union([Type.String({ maxLength: max }), Type.Null()]));

/** Create: type, name, address, city, state and postal code required (behaviour §5). */
export const LocationCreateBody = Type.Object({
  location_type: Type.Union(LOCATION_TYPES.map((t) => Type.Literal(t))),
  name: text(255),
  address: text(255),
  city: text(255),
  state: text(255),
  postal_code: text(32),
  phone_number: Type.Optional(text(64)),
  epos: optionalText(255),
  verifone_id: optionalText(255),
  sagenet_id: optionalText(255),
  occ_id: optionalText(255),
});
export type LocationCreateBody = Static<typeof LocationCreateBody>;

/** Update: the same without the required type. */
export const LocationUpdateBody = Type.Composite([
  Type.Omit(LocationCreateBody, ['location_type']),
  Type.Object({ location_type: Type.Optional(Type.Union(LOCATION_TYPES.map((t) => Type.Literal(t)))) }),
]);
export type LocationUpdateBody = Static<typeof LocationUpdateBody>;

export interface Location {
  id: number;
  location_type: string;
  name: string;
  address: string;
  city: string;
  state: string;
  postal_code: string;
  phone_number: string;
  epos: string | null;
  verifone_id: string | null;
  sagenet_id: string | null;
  occ_id: string | null;
  created_at: string;
  updated_at: string;
  /** The label's code, e.g. `L-4MX2P` (shared/rules/record-codes.ts); fixed for the location's life. */
  code: string;
}

export const LOCATION_KEYS = {
  id: true,
  location_type: true,
  name: true,
  address: true,
  city: true,
  state: true,
  postal_code: true,
  phone_number: true,
  epos: true,
  verifone_id: true,
  sagenet_id: true,
  occ_id: true,
  created_at: true,
  updated_at: true,
  code: true,
} satisfies EveryKey<Location>;
