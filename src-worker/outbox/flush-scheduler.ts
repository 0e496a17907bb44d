/**
 * When the data worker flushes (behaviour §4 triggers): on enqueue, Retry, coming back online, start-up,
 * a visible tab, a request from another context, and a timer at the earliest retry time. Requests
 * that arrive while a flush runs are folded into one more round, and a flush that finds the lock
 * taken (another instance or the service worker) waits for it and looks again, so nothing queued
 * meanwhile is left behind.
 */
import { LOCKS } from '../../shared/data/bus.js';
import { waitForLockRelease } from '../services/locks.js';
import type { FlushOutcome } from './flush.js';

export interface FlushSchedulerDeps {
  flush: () => Promise<FlushOutcome>;
  /** Whether a flush can do anything now (signed in, browser not offline). */
  canFlush: () => Promise<boolean>;
  /** Earliest retry time of any waiting item, from the device DB (any context may have set it). */
  nextRetryAt: () => Promise<number | null>;
  now: () => number;
  /** A flush round failed unexpectedly (the DB closed, a bug); the next trigger tries again. */
  onError: (error: unknown) => void;
}

export class FlushScheduler {
  private running: Promise<void> | null = null;
  private again = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;

  constructor(private readonly deps: FlushSchedulerDeps) {}

  /** Flushes soon; resolves when the round(s) this request joined are over. */
  request(): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.loop()
      .catch((error: unknown) => this.deps.onError(error))
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  /**
   * Rounds until no request came during one, the timer's setting included: a write queued while
   * the timer was being set joins this run, and a request folded into a run that then ended
   * without it would leave the write waiting for some other trigger.
   */
  private async loop(): Promise<void> {
    do {
      this.again = false;
      // Not now (offline, signed out): the trigger that changes that flushes, no timer needed.
      if (!(await this.deps.canFlush())) continue;
      const outcome = await this.deps.flush();
      if (outcome.status === 'busy') {
        await waitForLockRelease(LOCKS.outboxFlush);
        this.again = true;
        continue;
      }
      await this.rearm();
    } while (this.again && !this.closed);
  }

  /** Sets the timer for the earliest waiting retry (call after any context changed the queue). */
  async rearm(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.closed) return;
    const at = await this.deps.nextRetryAt();
    if (at === null) return;
    this.timer = setTimeout(() => void this.request(), Math.max(0, at - this.deps.now()));
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
  }
}
