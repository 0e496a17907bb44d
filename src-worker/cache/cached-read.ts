/**
 * Behaviour §4 reads: the network first; on an offline, network or retryable failure the saved copy
 * (with "from cache" and its time); never on a 404 or another 4xx, which are rethrown.
 */
import { isTransientFailure, toNormalizedError } from '../../shared/data/errors.js';
import type { ReadResult } from '../../shared/data/protocol.js';
import type { CacheHit, ResponseCache } from './response-cache.js';

export async function readThroughCache<T>(
  cache: ResponseCache,
  key: string,
  load: () => Promise<T>,
  /** Where else a saved copy may be found when `key` has none (e.g. an order inside a saved list). */
  fallback?: () => Promise<CacheHit<T> | null>,
): Promise<ReadResult<T>> {
  let data: T;
  try {
    data = await load();
  } catch (thrown) {
    const error = toNormalizedError(thrown);
    if (!isTransientFailure(error)) throw error;
    const hit = (await cache.get<T>(key)) ?? (fallback ? await fallback() : null);
    if (!hit) throw error;
    return { data: hit.data, fromCache: true, cachedAt: hit.cachedAt };
  }
  const cachedAt = await cache.put(key, data);
  return { data, fromCache: false, cachedAt };
}
