/**
 * The places of GET sync/stream/: a user holds at most STREAMS_PER_USER open streams on the whole
 * server, however many processes serve it.
 *
 * One process (SERVER_PROCESSES=1, or an app built in a test) counts by itself. In a node:cluster
 * the primary keeps the count (`keepClusterStreamSlots`): a server process asks it for a place
 * before it opens a stream and tells it when the stream ends; when a process exits, the primary
 * drops every place it held, so a crashed process gives its places back. Each process also counts
 * its own streams and never holds more than STREAMS_PER_USER for one user, whatever the primary
 * answers, so no user can take a process's sockets.
 *
 * A primary that does not answer within SLOT_ASK_TIMEOUT_MS (its loop held by a long synchronous
 * SQLite housekeeping, say) is not waited for: the stream is counted by the process alone. The
 * alternative, refusing, would cut the live updates of every device that reconnects meanwhile,
 * while counting locally keeps the bound each process has always kept (STREAMS_PER_USER per user)
 * for those few streams. The process then tells the primary to drop that place, so an answer
 * that comes late leaves nothing held there.
 */
import cluster from 'node:cluster';
import { answerWorkers, askPrimary, hearWorkers, tellPrimary } from '../../cluster-messages.js';

/** Streams one user may hold open (one per browser; a few browsers or devices). */
export const STREAMS_PER_USER = 8;
/** How long a server process waits for the primary's answer before counting a stream by itself. */
export const SLOT_ASK_TIMEOUT_MS = 1_000;

const TAKE = 'sync-stream-slot-take';
const RELEASE = 'sync-stream-slot-release';

/** A place held; `release` gives it back (once, however often it is called). */
export interface StreamSlot {
  release(): void;
}

export interface StreamSlots {
  /** A place for one more stream of the user, or null when the user holds the most allowed. */
  take(userId: number): Promise<StreamSlot | null>;
}

/** Who holds which places: each place by its holder's key, each user's count. */
export class SlotLedger {
  readonly #users = new Map<number, number>();
  readonly #held = new Map<string, number>();

  constructor(readonly limit: number) {}

  /** Records the place `key` for the user unless the user already holds `limit`. */
  take(key: string, userId: number): boolean {
    const count = this.#users.get(userId) ?? 0;
    if (count >= this.limit || this.#held.has(key)) return false;
    this.#users.set(userId, count + 1);
    this.#held.set(key, userId);
    return true;
  }

  /** Gives the place back; an unknown key (already given back, or never granted) changes nothing. */
  release(key: string): void {
    const userId = this.#held.get(key);
    if (userId === undefined) return;
    this.#held.delete(key);
    const left = (this.#users.get(userId) ?? 1) - 1;
    if (left > 0) this.#users.set(userId, left);
    else this.#users.delete(userId);
  }

  /** Gives back every place whose key starts with `prefix` (one process's places). */
  releaseAll(prefix: string): void {
    for (const key of [...this.#held.keys()]) if (key.startsWith(prefix)) this.release(key);
  }

  held(userId: number): number {
    return this.#users.get(userId) ?? 0;
  }
}

let sequence = 0;

/** Counts the streams of this process alone. */
export class LocalStreamSlots implements StreamSlots {
  readonly #ledger: SlotLedger;

  constructor(limit = STREAMS_PER_USER) {
    this.#ledger = new SlotLedger(limit);
  }

  take(userId: number): Promise<StreamSlot | null> {
    return Promise.resolve(this.takeNow(userId));
  }

  /** The place, decided at once (the cluster's count asks the primary after this one said yes). */
  takeNow(userId: number): (StreamSlot & { key: string }) | null {
    const key = String(++sequence);
    if (!this.#ledger.take(key, userId)) return null;
    let held = true;
    return {
      key,
      release: () => {
        if (!held) return;
        held = false;
        this.#ledger.release(key);
      },
    };
  }
}

interface TakeQuestion {
  key: string;
  userId: number;
}

/** How a server process reaches the primary (cluster-messages.ts; a test gives its own). */
export interface PrimaryChannel {
  ask(type: string, body: unknown, timeoutMs: number): Promise<unknown>;
  tell(type: string, body: unknown): void;
}

const clusterPrimary: PrimaryChannel = { ask: askPrimary, tell: tellPrimary };

/** A server process of a cluster: its own count first, then the primary's for the whole server. */
export class ClusterStreamSlots implements StreamSlots {
  readonly #local: LocalStreamSlots;
  readonly #channel: PrimaryChannel;
  readonly #timeoutMs: number;

  constructor(
    private readonly onUnanswered: (err: unknown) => void,
    { limit = STREAMS_PER_USER, timeoutMs = SLOT_ASK_TIMEOUT_MS, channel = clusterPrimary }: { limit?: number; timeoutMs?: number; channel?: PrimaryChannel } = {},
  ) {
    this.#local = new LocalStreamSlots(limit);
    this.#channel = channel;
    this.#timeoutMs = timeoutMs;
  }

  async take(userId: number): Promise<StreamSlot | null> {
    // Held here while the primary is asked, so this process's own bound counts the streams being opened too.
    const local = this.#local.takeNow(userId);
    if (!local) return null;
    const { key } = local;
    let granted: boolean;
    try {
      granted = (await this.#channel.ask(TAKE, { key, userId } satisfies TakeQuestion, this.#timeoutMs)) === true;
    } catch (err) {
      // Counted here only (see the top of this file); a late yes from the primary is undone by this note.
      this.onUnanswered(err);
      this.#channel.tell(RELEASE, key);
      return local;
    }
    if (!granted) {
      local.release();
      return null;
    }
    let held = true;
    return {
      release: () => {
        if (!held) return;
        held = false;
        local.release();
        this.#channel.tell(RELEASE, key);
      },
    };
  }
}

/** This process's count: the primary's in a cluster's server process, its own otherwise. */
export function streamSlots(onUnanswered: (err: unknown) => void): StreamSlots {
  return cluster.isWorker ? new ClusterStreamSlots(onUnanswered) : new LocalStreamSlots();
}

const isTakeQuestion = (body: unknown): body is TakeQuestion =>
  typeof body === 'object' && body !== null && typeof (body as TakeQuestion).key === 'string' && typeof (body as TakeQuestion).userId === 'number';

/**
 * The cluster's primary: counts the places of every server process (each place keyed by the
 * process's id and its own key) and drops a process's places when it exits.
 */
export function keepClusterStreamSlots(limit = STREAMS_PER_USER): SlotLedger {
  const ledger = new SlotLedger(limit);
  const prefix = (workerId: number) => `${workerId}:`;
  answerWorkers(TAKE, (body, worker) => isTakeQuestion(body) && !worker.isDead() && ledger.take(prefix(worker.id) + body.key, body.userId));
  hearWorkers(RELEASE, (key, worker) => {
    if (typeof key === 'string') ledger.release(prefix(worker.id) + key);
  });
  cluster.on('exit', (worker) => ledger.releaseAll(prefix(worker.id)));
  return ledger;
}
