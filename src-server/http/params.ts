import { Type, type Static } from '@sinclair/typebox';
import { Id } from '../../shared/api/common.js';

/** `/:id` path parameter; a malformed id answers 404 (see http/errors.ts). */
export const IdParams = Type.Object({ id: Id });
export type IdParams = Static<typeof IdParams>;
