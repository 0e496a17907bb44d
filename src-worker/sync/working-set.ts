/**
 * The working set on this device (docs/decisions.md: Working set in Dexie): every record the
 * server's sync gave this user, kept in the device DB by area and id, and lists answered from them
 * with the server's own rules (shared/rules/list-rules.ts) when the server cannot be reached.
 * An area answers only once a whole first sync of it is on the device: a half-read area would give
 * a list that looks complete and is not.
 */
import type { Page } from '../../shared/api/common.js';
import type { SyncAnswer } from '../../shared/api/sync.js';
import type { DeviceDb, JsonValue, RecordRow, WorkingSetMeta } from '../../shared/data/db-schema.js';
import type { WorkingSetState } from '../../shared/data/protocol.js';
import { localPage, type ListQuery, type ListRule } from '../../shared/rules/list-rules.js';
import type { CacheHit } from '../cache/response-cache.js';

const EMPTY: WorkingSetMeta = { cursor: null, generation: 0, complete: [], syncedAt: null, error: null };

export class WorkingSet {
  constructor(
    private readonly db: DeviceDb,
    private readonly now: () => number,
  ) {}

  async meta(): Promise<WorkingSetMeta> {
    return (await this.db.getMeta('workingSet')) ?? EMPTY;
  }

  /** Every record of an area with the time of its sync; null when the area is not (wholly) on the device. */
  private async recordsOf<T>(area: string): Promise<{ records: T[]; syncedAt: string } | null> {
    const meta = await this.meta();
    if (!meta.complete.includes(area) || !meta.syncedAt) return null;
    const rows = await this.db.records.where('area').equals(area).toArray();
    return { records: rows.map((row) => row.record as unknown as T), syncedAt: meta.syncedAt };
  }

  /** A list page from the records kept, as a saved answer; null when this area is not (wholly) on the device. */
  async page<T>(area: string, rule: ListRule<T>, query: ListQuery): Promise<CacheHit<Page<T>> | null> {
    const kept = await this.recordsOf<T>(area);
    if (!kept) return null;
    const page = localPage(kept.records, rule, query);
    // A page past the end is the server's 404: no saved answer (the screen goes back to page 1).
    if (!page) return null;
    return { data: { count: page.count, next: null, previous: null, results: page.results }, cachedAt: kept.syncedAt };
  }

  /** Every record of an area in its list's order (pickers, filters), as a saved answer. */
  async all<T>(area: string, rule: ListRule<T>): Promise<CacheHit<T[]> | null> {
    const kept = await this.recordsOf<T>(area);
    return kept ? { data: kept.records.sort(rule.compare), cachedAt: kept.syncedAt } : null;
  }

  /** One record kept, as a saved answer. */
  async record<T>(area: string, id: number): Promise<CacheHit<T> | null> {
    const [row, meta] = await Promise.all([this.db.records.get([area, id]), this.meta()]);
    return row && meta.syncedAt ? { data: row.record as unknown as T, cachedAt: meta.syncedAt } : null;
  }

  /**
   * Keeps one answer of the sync: its records and tombstones, then its cursor, in one transaction,
   * so a device that stops half-way resumes from what it has. The last page of a first sync drops
   * what that sync did not name, and every answer drops areas outside the user's scope.
   */
  async apply(answer: SyncAnswer, generation: number): Promise<void> {
    const syncedAt = new Date(this.now()).toISOString();
    await this.db.transaction('rw', this.db.records, this.db.meta, async () => {
      const upserts: RecordRow[] = [];
      const deletes: [string, number][] = [];
      for (const change of answer.changes) {
        if (change.op === 'delete') deletes.push([change.area, change.id]);
        else upserts.push({ area: change.area, id: change.id, record: change.record as JsonValue, generation, bytes: JSON.stringify(change.record).length });
      }
      await this.db.records.bulkPut(upserts);
      await this.db.records.bulkDelete(deletes);
      await this.db.records.filter((row) => !answer.scope.includes(row.area as never)).delete();
      const meta = await this.meta();
      let complete = meta.complete.filter((area) => answer.scope.includes(area as never));
      if (answer.snapshot && !answer.more) {
        await this.db.records.filter((row) => row.generation < generation).delete();
        complete = [...answer.scope];
      }
      await this.db.setMeta('workingSet', { cursor: answer.cursor, generation, complete, syncedAt, error: null });
    });
  }

  async failed(error: string): Promise<void> {
    await this.db.setMeta('workingSet', { ...(await this.meta()), error });
  }

  /** Starts over: the next pull is a first sync (a cursor the server no longer knows). */
  async restart(): Promise<void> {
    const meta = await this.meta();
    await this.db.setMeta('workingSet', { ...meta, cursor: null });
  }

  /** Drops everything (sign-out, another user's sign-in). */
  async clear(): Promise<void> {
    await this.db.transaction('rw', this.db.records, this.db.meta, async () => {
      await this.db.records.clear();
      await this.db.deleteMeta('workingSet');
    });
  }

  /** What the panel says: how many records, how much, since when, and the last failure. */
  async state(): Promise<WorkingSetState | null> {
    const meta = await this.db.getMeta('workingSet');
    if (!meta) return null;
    let records = 0;
    let bytes = 0;
    await this.db.records.each((row) => {
      records += 1;
      bytes += row.bytes;
    });
    return { records, bytes, syncedAt: meta.syncedAt, error: meta.error };
  }
}
