/**
 * The outbox (behaviour §3 Queued mutation, Queue attachment, Queue stats): the only queue of writes.
 * Enqueueing checks the behaviour §5 limits; the panel's view and stats are read from here.
 */
import { enqueueValidationError } from '../../shared/data/errors.js';
import type { DeviceDb, JsonValue, OutboxRow, QueueAttachment } from '../../shared/data/db-schema.js';
import type { BlobLike, QueueItemStatus, QueueItemView, QueueStats } from '../../shared/data/protocol.js';
import { isActiveStatus, isStillVisible, mutationByteSize, needsAttention, queueLimitError } from '../../shared/data/queue-policy.js';
import { nextRetryTime } from './send-order.js';

export interface NewAttachment {
  name?: string | null;
  type?: string | null;
  blob: BlobLike;
}

export interface NewMutation {
  domain: string;
  action: string;
  targetId?: string | null;
  targetLabel?: string | null;
  payload?: JsonValue;
  attachments?: NewAttachment[];
  /** The key an online attempt already used, so a write the server did run is not run twice. */
  idempotencyKey?: string;
  userId?: number | null;
}

/**
 * A kind of stored payload that carries the version of the record it was made on: the outbox can
 * put the same changes on the version a conflict reported (re-apply) and show them as text in the
 * panel. The writes that store one declare it (data-services.ts hands them to the store), so the
 * generic outbox knows no area's payloads; a versioned update is built in.
 */
export interface VersionedPayloadKind {
  matches(payload: JsonValue): boolean;
  /** The same changes, made on `version`. */
  rebase(payload: JsonValue, version: number): JsonValue;
  /** The changes as text for the panel's conflict view, or null. */
  changes(payload: JsonValue): Record<string, string> | null;
}

export class OutboxStore {
  private readonly kinds: readonly VersionedPayloadKind[];

  constructor(
    private readonly db: DeviceDb,
    private readonly now: () => number,
    kinds: readonly VersionedPayloadKind[] = [],
  ) {
    this.kinds = [...kinds, VERSIONED_UPDATE];
  }

  private kindOf(payload: JsonValue): VersionedPayloadKind | undefined {
    return this.kinds.find((kind) => kind.matches(payload));
  }

  /** Behaviour §5: validates, measures and stores a mutation. Throws a NormalizedError when refused. */
  async enqueueMutation(mutation: NewMutation): Promise<OutboxRow> {
    if (!mutation.domain || !mutation.action) throw enqueueValidationError();
    const attachments: QueueAttachment[] = (mutation.attachments ?? []).map((a) => ({
      id: crypto.randomUUID(),
      name: a.name || 'attachment',
      type: a.type || 'application/octet-stream',
      size: a.blob.size,
      blob: a.blob,
    }));
    const payload = mutation.payload ?? null;
    const byteSize = mutationByteSize(
      payload,
      attachments.map((a) => a.size),
    );
    const row: OutboxRow = {
      id: crypto.randomUUID(),
      domain: mutation.domain,
      action: mutation.action,
      targetId: mutation.targetId ?? null,
      targetLabel: mutation.targetLabel ?? null,
      payload,
      attachments,
      createdAt: new Date(this.now()).toISOString(),
      retryCount: 0,
      status: 'queued',
      lastError: null,
      retryAt: null,
      byteSize,
      idempotencyKey: mutation.idempotencyKey ?? crypto.randomUUID(),
      finishedAt: null,
      userId: mutation.userId ?? null,
    };
    await this.db.transaction('rw', this.db.outbox, async () => {
      const refusal = queueLimitError(byteSize, await this.activeBytes());
      if (refusal) throw refusal;
      // The flush sends in createdAt order, so two writes in one millisecond (a claim, then the
      // complete of the same order) must not tie: each item is stamped after the newest one.
      // Inside the transaction, so tabs and workers enqueueing at once still get distinct times.
      const newest = await this.db.outbox.orderBy('createdAt').last();
      if (newest && newest.createdAt >= row.createdAt) row.createdAt = new Date(Date.parse(newest.createdAt) + 1).toISOString();
      await this.db.outbox.add(row);
    });
    return row;
  }

  private async activeBytes(): Promise<number> {
    const active = await this.db.outbox.filter((row) => isActiveStatus(row.status)).toArray();
    return active.reduce((sum, row) => sum + row.byteSize, 0);
  }

  /** Items still to be sent, oldest first. */
  async active(): Promise<OutboxRow[]> {
    const rows = await this.db.outbox.orderBy('createdAt').toArray();
    return rows.filter((row) => isActiveStatus(row.status));
  }

  /** One stored item, blobs and payload included (a conflict to re-apply is judged from it). */
  async get(id: string): Promise<OutboxRow | undefined> {
    return this.db.outbox.get(id);
  }

  /** Whether writes to this target are already waiting (a new one must queue behind them). */
  async hasActiveFor(area: string, targetId: string): Promise<boolean> {
    const rows = await this.active();
    return rows.some((row) => row.domain === area && row.targetId === targetId);
  }

  /** The panel's list: active items plus recently finished ones, oldest first, without blobs. */
  /**
   * The panel's items: what waits for the user first (conflicts, then failures), then what is
   * still to be sent, then what was sent; oldest first within each. The panel draws the first ones
   * only, so what needs attention is never below a hundred synced items.
   */
  async views(): Promise<QueueItemView[]> {
    const now = this.now();
    const rows = await this.db.outbox.orderBy('createdAt').toArray();
    return rows
      .filter((row) => isStillVisible(row, now))
      .sort((a, b) => PANEL_ORDER[a.status] - PANEL_ORDER[b.status])
      .map((row) => ({
        id: row.id,
        domain: row.domain,
        action: row.action,
        targetId: row.targetId,
        targetLabel: row.targetLabel,
        createdAt: row.createdAt,
        retryCount: row.retryCount,
        status: row.status,
        lastError: row.lastError,
        retryAt: row.retryAt,
        byteSize: row.byteSize,
        attachmentCount: row.attachments.length,
        changes: row.status === 'conflict' ? (this.kindOf(row.payload)?.changes(row.payload) ?? null) : null,
        draft: row.action === 'create' ? draftOf(row.payload) : null,
      }));
  }

  /** Behaviour §3 Queue stats; synced and failed items no longer count, conflicts do (they wait for the user). */
  async stats(): Promise<QueueStats> {
    const counted = await this.db.outbox.filter((row) => needsAttention(row.status)).toArray();
    return {
      totalItems: counted.length,
      totalBytes: counted.reduce((sum, row) => sum + row.byteSize, 0),
      lastFlushAt: await this.db.getMeta('lastFlushAt'),
    };
  }

  /** When the retry timer must wake a flush, or null (`send-order.ts`). */
  async nextRetryAt(): Promise<number | null> {
    return nextRetryTime(await this.active(), this.now());
  }

  /** The connection came back: items waiting out a backoff may go at once (queueError stays until a flush). */
  async dueNow(): Promise<void> {
    await this.db.outbox.where('status').equals('retrying').modify({ retryAt: null });
  }

  /** Manual Retry: waiting items may go at once. Failed ones stay failed (the server keeps their answer). */
  async retryNow(): Promise<void> {
    await this.db.transaction('rw', this.db.outbox, this.db.meta, async () => {
      await this.dueNow();
      await this.db.deleteMeta('queueError');
    });
  }

  /**
   * A conflict re-applied: the same changes on the version the record has now (a completion: the same
   * answers on the version of the task's steps now), with a new Idempotency-Key (the refused request
   * was answered; this is a new write), queued behind everything else. False when the item is not a
   * conflict that can be re-applied.
   */
  async reapply(id: string): Promise<boolean> {
    return this.db.transaction('rw', this.db.outbox, async () => {
      const row = await this.db.outbox.get(id);
      if (!row || row.status !== 'conflict' || typeof row.conflictVersion !== 'number') return false;
      const kind = this.kindOf(row.payload);
      if (!kind) return false;
      const payload = kind.rebase(row.payload, row.conflictVersion);
      const newest = await this.db.outbox.orderBy('createdAt').last();
      const now = new Date(this.now()).toISOString();
      const createdAt = newest && newest.createdAt >= now ? new Date(Date.parse(newest.createdAt) + 1).toISOString() : now;
      await this.db.outbox.update(id, {
        payload,
        idempotencyKey: crypto.randomUUID(),
        status: 'queued',
        lastError: null,
        retryAt: null,
        retryCount: 0,
        finishedAt: null,
        conflictVersion: null,
        createdAt,
      });
      return true;
    });
  }

  async remove(id: string): Promise<void> {
    await this.db.outbox.delete(id);
  }

  async clear(): Promise<void> {
    await this.db.transaction('rw', this.db.outbox, this.db.meta, async () => {
      await this.db.outbox.clear();
      await this.db.deleteMeta('queueError', 'lastFlushAt');
    });
  }

  /** Drops synced items after 1 h and failed ones after 24 h. */
  async purgeFinished(): Promise<number> {
    const now = this.now();
    return this.db.outbox.filter((row) => !isStillVisible(row, now)).delete();
  }
}

/** Array.prototype.sort is stable: rows keep their creation order within one rank. */
const PANEL_ORDER: Record<QueueItemStatus, number> = { conflict: 0, failed: 1, retrying: 2, pending: 2, queued: 2, synced: 3 };

/** The plain fields of a create's stored body (nested values are left out: lists show text and ids). */
function draftOf(payload: JsonValue): Record<string, string | number | boolean | null> | null {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return null;
  const plain = (value: JsonValue | undefined): value is string | number | boolean | null => value === null || ['string', 'number', 'boolean'].includes(typeof value);
  return Object.fromEntries(Object.entries(payload).filter((entry): entry is [string, string | number | boolean | null] => plain(entry[1])));
}

/** The stored payload of an update: the version it was based on and the changed fields. */
function isVersioned(payload: JsonValue): payload is { version: number; changes: { [field: string]: JsonValue } } {
  return typeof payload === 'object' && payload !== null && !Array.isArray(payload) && typeof payload.version === 'number' && typeof payload.changes === 'object' && payload.changes !== null;
}

/** An edit of a record (the version it was made on and its changed fields). */
const VERSIONED_UPDATE: VersionedPayloadKind = {
  matches: isVersioned,
  rebase: (payload, version) => (isVersioned(payload) ? { ...payload, version } : payload),
  changes(payload) {
    if (!isVersioned(payload)) return null;
    return Object.fromEntries(Object.entries(payload.changes).map(([field, value]) => [field, value === null ? '(empty)' : typeof value === 'string' ? value : JSON.stringify(value)]));
  },
};
