/**
 * The browser may delete the device DB while the app is open (storage pressure on a site without
 * persistent storage, or the user clearing the site's data). IndexedDB then closes this context's
 * connection from outside; Dexie reports it as `close` and opens the DB again, empty, on the next
 * read. Everything kept went with it: the session's tokens, the saved answers, the working set and
 * the outbox. This notices it once, by a marker written at start that only a deletion removes (a
 * connection closed for another reason, such as another context upgrading the DB, finds its
 * marker and says nothing), and hands over what this context last knew was queued.
 */
import type { DeviceDb } from '../../shared/data/db-schema.js';

/** The waits before each try to open the DB again. */
const REOPEN_WAITS_MS = [50, 250, 1_000, 3_000];

export interface DbLossWatch {
  /** Writes the marker when the DB has none (a new or a rebuilt DB). */
  mark(): Promise<void>;
  /** This context closes the DB itself: not a loss. */
  stop(): void;
}

export function watchForDbLoss(db: DeviceDb, deps: { now: () => number; onLost: () => Promise<void>; onError: (error: unknown) => void }): DbLossWatch {
  let stopped = false;
  let checking: Promise<void> | null = null;

  async function mark(): Promise<boolean> {
    if (await db.getMeta('keptSince')) return false;
    await db.setMeta('keptSince', new Date(deps.now()).toISOString());
    return true;
  }

  async function check(): Promise<void> {
    let failure: unknown = null;
    // Opening again right after a forced close can be refused while the browser finishes the deletion.
    for (const wait of REOPEN_WAITS_MS) {
      await new Promise((resolve) => setTimeout(resolve, wait));
      try {
        if (!db.isOpen()) await db.open();
        // A marker written now means the old one went with the data.
        if (await mark()) await deps.onLost();
        return;
      } catch (error) {
        failure = error;
      }
    }
    throw failure;
  }

  db.on('close', () => {
    if (stopped) return;
    // Dexie tells before it lets go of the closing connection (a read now would fail on it): the
    // check starts after a first wait.
    checking ??= check()
      .catch(deps.onError)
      .finally(() => {
        checking = null;
      });
  });

  return {
    mark: async () => {
      await mark();
    },
    stop: () => {
      stopped = true;
    },
  };
}
