/** Vendor contracts: nothing is required on create; an update needs a name (behaviour §5). */
import { Type, type Static } from '@sinclair/typebox';
import { NAME_LIMIT } from '../constants.js';
import type { EveryKey } from './common.js';

const text = (max: number) => Type.Optional(Type.String({ maxLength: max }));

export const VendorBody = Type.Object({
  name: text(NAME_LIMIT),
  address: text(NAME_LIMIT),
  city: text(NAME_LIMIT),
  state: text(NAME_LIMIT),
  postal_code: text(32),
  telephone_number: text(64),
});
export type VendorBody = Static<typeof VendorBody>;

/** The update form: the same fields, the name required (behaviour §5). */
export const VendorUpdateForm = Type.Composite([Type.Omit(VendorBody, ['name']), Type.Object({ name: Type.String({ maxLength: NAME_LIMIT }) })]);

export interface Vendor {
  id: number;
  name: string;
  address: string;
  city: string;
  state: string;
  postal_code: string;
  telephone_number: string;
  created_at: string;
  updated_at: string;
}

export const VENDOR_KEYS = { id: true, name: true, address: true, city: true, state: true, postal_code: true, telephone_number: true, created_at: true, updated_at: true } satisfies EveryKey<Vendor>;
