/**
 * Label codes (shared/areas/codes.ts; docs/decisions.md: Labels and scanning): what a scanned or
 * typed code opens. Online the server answers (GET codes/{code}/), which holds the user to the
 * record's access. When it cannot be reached, the records kept on the device answer: the working
 * set holds exactly what this user may read (an asset's code finds nothing for a user whose set
 * has no assets), then any earlier answer for the code. Text that is no code of ours is refused
 * here, without a request.
 */
import { CODE_NOT_ON_DEVICE, CODE_NOT_OURS, type CodeTarget } from '../../shared/api/codes.js';
import { isTransientFailure, normalizeHttpError, toNormalizedError } from '../../shared/data/errors.js';
import type { ReadResult } from '../../shared/data/protocol.js';
import { codedAreaOf, readCode } from '../../shared/rules/record-codes.js';
import { readThroughCache } from '../cache/cached-read.js';
import type { AreaContext } from '../kit/area-context.js';
import { defineArea } from '../kit/area.js';

/** The answer the server gives, so a screen says the same whichever answered. */
const notOurs = () => normalizeHttpError(404, { detail: CODE_NOT_OURS });

export async function resolveCode(ctx: Pick<AreaContext, 'http' | 'cache' | 'workingSet'>, text: string): Promise<ReadResult<CodeTarget>> {
  const code = readCode(text);
  if (!code) throw notOurs();
  const area = codedAreaOf(code);
  const path = `codes/${code}/`;
  const kept = async () => {
    const hit = await ctx.workingSet.find<{ id: number; code?: string }>(area, (record) => record.code === code);
    return hit && { data: { area, id: hit.data.id }, cachedAt: hit.cachedAt };
  };
  try {
    return await readThroughCache(ctx.cache, path, () => ctx.http.request<CodeTarget>({ path }), kept);
  } catch (thrown) {
    const error = toNormalizedError(thrown);
    // Nothing kept answers for it: said as such, not as a bare "offline" (the user may scan a label this device never saw).
    if (isTransientFailure(error)) throw normalizeHttpError(404, { detail: CODE_NOT_ON_DEVICE });
    throw error;
  }
}

export const area = defineArea({
  name: 'codes',
  calls: (ctx) => ({
    resolve: (text) => resolveCode(ctx, text),
  }),
});
