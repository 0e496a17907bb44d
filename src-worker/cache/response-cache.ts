/**
 * Behaviour §3 Cached response: the last good answer of each read, by API path, kept 24 h
 * (docs/decisions.md: Queue constants) and purged hourly.
 */
import { CACHE_TTL_MS } from '../../shared/constants.js';
import type { CacheRow, DeviceDb, JsonValue } from '../../shared/data/db-schema.js';

export interface CacheHit<T> {
  data: T;
  cachedAt: string;
}

/** Which entries a successful write makes stale. */
export interface CacheInvalidation {
  keys?: string[];
  prefixes?: string[];
}

export class ResponseCache {
  constructor(
    private readonly db: DeviceDb,
    private readonly now: () => number,
    private readonly ttlMs: number = CACHE_TTL_MS,
  ) {}

  /** The entry for `key` unless it has expired. */
  async get<T>(key: string): Promise<CacheHit<T> | null> {
    const row = await this.db.cache.get(key);
    if (!row || Date.parse(row.expiresAt) <= this.now()) return null;
    return { data: row.data as T, cachedAt: row.cachedAt };
  }

  /** Unexpired entries whose key starts with `prefix`, newest first. */
  async withPrefix<T>(prefix: string): Promise<(CacheHit<T> & { key: string })[]> {
    const rows = await this.db.cache.where('key').startsWith(prefix).toArray();
    const now = this.now();
    return rows
      .filter((row) => Date.parse(row.expiresAt) > now)
      .sort((a, b) => b.cachedAt.localeCompare(a.cachedAt))
      .map((row) => ({ key: row.key, data: row.data as T, cachedAt: row.cachedAt }));
  }

  /** Stores an answer; returns when it was stored. A full disk only costs the offline copy. */
  async put(key: string, data: unknown): Promise<string> {
    const now = this.now();
    const cachedAt = new Date(now).toISOString();
    const row: CacheRow = { key, data: data as JsonValue, cachedAt, expiresAt: new Date(now + this.ttlMs).toISOString() };
    try {
      await this.db.cache.put(row);
    } catch {
      // Quota exceeded or the DB closed under us: the read itself succeeded.
    }
    return cachedAt;
  }

  async invalidate(what: CacheInvalidation): Promise<void> {
    const { keys = [], prefixes = [] } = what;
    await this.db.transaction('rw', this.db.cache, async () => {
      if (keys.length > 0) await this.db.cache.bulkDelete(keys);
      for (const prefix of prefixes) await this.db.cache.where('key').startsWith(prefix).delete();
    });
  }

  async purgeExpired(): Promise<number> {
    return this.db.cache.where('expiresAt').belowOrEqual(new Date(this.now()).toISOString()).delete();
  }

  async clear(): Promise<void> {
    await this.db.cache.clear();
  }
}
