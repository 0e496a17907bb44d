/**
 * Tells this process's open sync streams when the change log's head moves, with the database as
 * the one source of wake-ups across processes and servers (docs/decisions.md: Sync by change log):
 * PostgreSQL's NOTIFY from the numbering trigger (migration 0012), with a slow poll as a safety net
 * should the listening connection drop; on SQLite a cheap poll of the head. It runs only while a
 * stream is open.
 */
import { PgListener, type ListenTarget } from '../../db/pg-listener.js';
import type { ChangeLogRepository } from './change-log.repository.js';

/** SQLite's poll: a change reaches open streams within this. */
export const SQLITE_POLL_MS = 250;
/** PostgreSQL's safety net beside LISTEN. */
export const PG_POLL_MS = 5_000;

type Listener = (head: number) => void;

export class ChangeWatcher {
  readonly #listeners = new Set<Listener>();
  #head = -1;
  #timer: ReturnType<typeof setInterval> | null = null;
  readonly #listener: PgListener | null;
  #checking = false;
  /** A wake-up that came while a check ran: that check may have read the head before the change. */
  #again = false;

  constructor(
    private readonly log: ChangeLogRepository,
    /** PostgreSQL: how to open the listening connection; none on SQLite. */
    listen: ListenTarget | null,
    private readonly onError: (err: unknown) => void,
  ) {
    // Every schema's changes share the channel; the head read afterwards is this schema's own.
    // Once listening again after a drop, a check catches what was committed meanwhile.
    this.#listener = listen
      ? new PgListener(listen, 'cmms_changes', { notify: () => void this.#check(), live: (live) => live && void this.#check(), error: onError })
      : null;
  }

  /** Calls `listener` with each new head; returns the way to stop. */
  subscribe(listener: Listener): () => void {
    this.#listeners.add(listener);
    if (this.#listeners.size === 1) this.#start();
    return () => {
      this.#listeners.delete(listener);
      if (this.#listeners.size === 0) void this.#stop();
    };
  }

  async close(): Promise<void> {
    this.#listeners.clear();
    await this.#stop();
  }

  #start(): void {
    void this.#check();
    this.#timer = setInterval(() => void this.#check(), this.#listener ? PG_POLL_MS : SQLITE_POLL_MS);
    this.#timer.unref();
    this.#listener?.start();
  }

  async #stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#listener?.stop();
  }

  async #check(): Promise<void> {
    if (this.#checking) {
      this.#again = true;
      return;
    }
    this.#checking = true;
    try {
      do {
        this.#again = false;
        const head = await this.log.head();
        if (head !== this.#head) {
          this.#head = head;
          for (const listener of this.#listeners) listener(head);
        }
      } while (this.#again && this.#listeners.size > 0);
    } catch (err) {
      this.onError(err);
    } finally {
      this.#checking = false;
    }
  }
}
