import { Type, type Static } from '@sinclair/typebox';

/** `/:id` path parameter; a malformed id answers 404 (see http/errors.ts). */
export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
export type IdParams = Static<typeof IdParams>;

/** Optional positive id in a query string (location filters). */
export const OptionalId = Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 }));
