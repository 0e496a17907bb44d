/**
 * Behaviour §4 reads: the network first; on an offline, network or retryable failure the saved copy
 * (with "from cache" and its time); never on a 404 or another 4xx, which are rethrown. Where several
 * saved copies exist (the answer saved under `key`, a list page holding the record, the working set),
 * the newest is shown.
 */
import { isTransientFailure, toNormalizedError } from '../../shared/data/errors.js';
import type { ReadResult } from '../../shared/data/protocol.js';
import type { CacheHit, ResponseCache } from './response-cache.js';

export async function readThroughCache<T>(
  cache: ResponseCache,
  key: string,
  load: () => Promise<T>,
  /** Where else a saved copy may be found (an order inside a saved list, the working set). */
  ...elsewhere: (() => Promise<CacheHit<T> | null>)[]
): Promise<ReadResult<T>> {
  let data: T;
  try {
    data = await load();
  } catch (thrown) {
    const error = toNormalizedError(thrown);
    if (!isTransientFailure(error)) throw error;
    const hits = (await Promise.all([cache.get<T>(key), ...elsewhere.map((find) => find())])).filter((h): h is CacheHit<T> => h !== null);
    // ISO times of one clock compare as text.
    const hit = hits.reduce<CacheHit<T> | null>((newest, h) => (newest === null || h.cachedAt > newest.cachedAt ? h : newest), null);
    if (!hit) throw error;
    return { data: hit.data, fromCache: true, cachedAt: hit.cachedAt };
  }
  const cachedAt = await cache.put(key, data);
  return { data, fromCache: false, cachedAt };
}
