/** The path parameter of GET codes/{code}/ (`codes.ts` says what it answers). */
import { Type, type Static } from '@sinclair/typebox';

export const CodeParams = Type.Object({
  code: Type.String({ minLength: 1, maxLength: 40, description: 'A label code, e.g. A-7K3Q9' }),
});
export type CodeParams = Static<typeof CodeParams>;
