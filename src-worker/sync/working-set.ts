/**
 * The working set on this device (docs/decisions.md: Working set in Dexie): every record the
 * server's sync gave this user, kept in the device DB by area and id, and lists answered from them
 * with the server's own rules (shared/rules/list-rules.ts) when the server cannot be reached.
 * An area answers only once a whole first sync of it is on the device: a half-read area would give
 * a list that looks complete and is not.
 */
import type { Page } from '../../shared/api/common.js';
import type { SyncAnswer, SyncChange, SyncedArea } from '../../shared/api/sync.js';
import type { WorkOrder } from '../../shared/api/workorders.js';
import { WORKING_SET_DEFAULT_BUDGET_BYTES } from '../../shared/constants.js';
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

  /**
   * A list page from the records kept, as a saved answer; null when this area is not (wholly) on
   * the device. `only`: a filter of the list's own beyond location and search (a request's status).
   */
  async page<T>(area: string, rule: ListRule<T>, query: ListQuery, only?: (record: T) => boolean): Promise<CacheHit<Page<T>> | null> {
    const kept = await this.recordsOf<T>(area);
    if (!kept) return null;
    const page = localPage(only ? kept.records.filter(only) : kept.records, rule, query);
    // A page past the end is the server's 404: no saved answer (the screen goes back to page 1).
    if (!page) return null;
    return { data: { count: page.count, next: null, previous: null, results: page.results }, cachedAt: kept.syncedAt };
  }

  /** Every record of an area in its list's order (pickers, filters), as a saved answer. */
  async all<T>(area: string, rule: ListRule<T>): Promise<CacheHit<T[]> | null> {
    const kept = await this.recordsOf<T>(area);
    return kept ? { data: kept.records.sort(rule.compare), cachedAt: kept.syncedAt } : null;
  }

  /**
   * The first record of an area kept that `matches` (a label's code), as a saved answer; null when
   * none does or the area is not (wholly) on the device, so "none" is never said of half an area.
   */
  async find<T>(area: string, matches: (record: T) => boolean): Promise<CacheHit<T> | null> {
    const kept = await this.recordsOf<T>(area);
    const record = kept?.records.find(matches);
    return kept && record !== undefined ? { data: record, cachedAt: kept.syncedAt } : null;
  }

  /** Every record of an area kept that `matches` (an asset's meters), as a saved answer; null when the area is not (wholly) on the device. */
  async matching<T>(area: string, matches: (record: T) => boolean): Promise<CacheHit<T[]> | null> {
    const kept = await this.recordsOf<T>(area);
    return kept ? { data: kept.records.filter(matches), cachedAt: kept.syncedAt } : null;
  }

  /** One record kept, as a saved answer. */
  async record<T>(area: string, id: number): Promise<CacheHit<T> | null> {
    const [row, meta] = await Promise.all([this.db.records.get([area, id]), this.meta()]);
    return row && meta.syncedAt ? { data: row.record as unknown as T, cachedAt: meta.syncedAt } : null;
  }

  /**
   * Keeps one answer of the sync: its records and tombstones, then its cursor, in one transaction,
   * so a device that stops half-way resumes from what it has. The last page of a first sync drops
   * what that sync did not name, and every answer drops areas outside the user's scope. Past the
   * budget, the oldest completed work orders go first; the outbox is another table and never read here.
   */
  async apply(answer: SyncAnswer, generation: number): Promise<void> {
    const syncedAt = new Date(this.now()).toISOString();
    await this.db.transaction('rw', this.db.records, this.db.meta, async () => {
      const meta = await this.meta();
      // The last change of a record in the answer decides (a server sends one, but a page may repeat).
      const last = new Map<string, SyncChange>();
      for (const change of answer.changes) last.set(`${change.area}:${change.id}`, change);
      const changes = [...last.values()];
      let totals = await this.totals(meta);
      const before = await this.db.records.bulkGet(changes.map((c): [string, number] => [c.area, c.id]));
      for (const row of before) if (row) totals = { records: totals.records - 1, bytes: totals.bytes - row.bytes };
      const upserts: RecordRow[] = [];
      for (const change of changes) if (change.op === 'upsert') upserts.push(rowOf(change.area, change.record, generation));
      for (const row of upserts) totals = { records: totals.records + 1, bytes: totals.bytes + row.bytes };
      await this.db.records.bulkPut(upserts);
      await this.db.records.bulkDelete(changes.filter((c) => c.op === 'delete').map((c): [string, number] => [c.area, c.id]));
      let dropped = await this.db.records.filter((row) => !answer.scope.includes(row.area as never)).delete();
      let complete = meta.complete.filter((area) => answer.scope.includes(area as never));
      if (answer.snapshot && !answer.more) {
        dropped += await this.db.records.filter((row) => row.generation < generation).delete();
        complete = [...answer.scope];
      }
      // Rare (a first sync's end, a narrower scope): counted again rather than summed one by one.
      if (dropped > 0) totals = await this.count();
      const budgetBytes = answer.deviceBudgetBytes ?? meta.budgetBytes ?? WORKING_SET_DEFAULT_BUDGET_BYTES;
      totals = await this.keepWithin(budgetBytes, totals);
      await this.db.setMeta('workingSet', { cursor: answer.cursor, generation, complete, syncedAt, error: null, ...totals, budgetBytes });
    });
  }

  /**
   * Keeps a write's answer (the server's copy of the record it changed) at once, so lists show it
   * without waiting for the pull that follows. A copy the pull already brought that is newer (by
   * version, else by updated_at) stays.
   */
  async keep(area: SyncedArea, record: { id: number }): Promise<void> {
    await this.db.transaction('rw', this.db.records, this.db.meta, async () => {
      const meta = await this.db.getMeta('workingSet');
      // Nothing synced yet (or signed out since): the first sync brings it.
      if (!meta) return;
      const kept = await this.db.records.get([area, record.id]);
      if (kept && isNewer(kept.record, record)) return;
      const row = rowOf(area, record, kept?.generation ?? meta.generation);
      await this.db.records.put(row);
      const totals = await this.totals(meta);
      await this.db.setMeta('workingSet', { ...meta, records: totals.records + (kept ? 0 : 1), bytes: totals.bytes + row.bytes - (kept?.bytes ?? 0) });
    });
  }

  /** Drops the oldest completed work orders until the records fit the budget (nothing else is dropped). */
  private async keepWithin(budgetBytes: number, totals: Totals): Promise<Totals> {
    if (totals.bytes <= budgetBytes) return totals;
    const completed = (await this.db.records.where('area').equals('workorders').toArray())
      .filter((row) => (row.record as Partial<WorkOrder>).status === 'Completed')
      .sort((a, b) => completedAt(a).localeCompare(completedAt(b)) || a.id - b.id);
    const drop: [string, number][] = [];
    let { records, bytes } = totals;
    for (const row of completed) {
      if (bytes <= budgetBytes) break;
      drop.push([row.area, row.id]);
      records -= 1;
      bytes -= row.bytes;
    }
    await this.db.records.bulkDelete(drop);
    return { records, bytes };
  }

  /** The running totals, or a count of what is kept when a device from before them has none. */
  private async totals(meta: WorkingSetMeta): Promise<Totals> {
    return meta.records !== undefined && meta.bytes !== undefined ? { records: meta.records, bytes: meta.bytes } : this.count();
  }

  private async count(): Promise<Totals> {
    let records = 0;
    let bytes = 0;
    await this.db.records.each((row) => {
      records += 1;
      bytes += row.bytes;
    });
    return { records, bytes };
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
    const { records, bytes } = await this.totals(meta);
    return { records, bytes, syncedAt: meta.syncedAt, error: meta.error };
  }
}

interface Totals {
  records: number;
  bytes: number;
}

function rowOf(area: string, record: unknown, generation: number): RecordRow {
  return { area, id: (record as { id: number }).id, record: record as JsonValue, generation, bytes: JSON.stringify(record).length };
}

/** When a kept work order was completed ('' when unknown: dropped first). */
const completedAt = (row: RecordRow) => (row.record as Partial<WorkOrder>).completed_at ?? '';

/** Whether `kept` is a later copy of the record than `candidate` (records with a version or an updated_at). */
function isNewer(kept: unknown, candidate: unknown): boolean {
  const a = kept as { version?: unknown; updated_at?: unknown };
  const b = candidate as { version?: unknown; updated_at?: unknown };
  if (typeof a.version === 'number' && typeof b.version === 'number') return a.version > b.version;
  if (typeof a.updated_at === 'string' && typeof b.updated_at === 'string') return a.updated_at > b.updated_at;
  return false;
}
