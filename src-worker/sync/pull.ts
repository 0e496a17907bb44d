/**
 * Pulls the working set from GET sync/ (shared/api/sync.ts) into the device DB: the whole set
 * page by page on a first sync, then what changed since the cursor. One pull at a time for the
 * whole device (a Web Lock): a pull asked for while another runs waits for it and then reads from
 * where it ended, so a change committed after the running pull's last read is not missed. In the
 * background (no spinner); each answer is kept with its cursor at once, so a pull cut off half-way
 * resumes where it stopped. A cursor the server no longer knows (410) starts a first sync again.
 */
import type { SyncAnswer } from '../../shared/api/sync.js';
import { LOCKS } from '../../shared/data/bus.js';
import { toNormalizedError } from '../../shared/data/errors.js';
import type { HttpClient } from '../http/http-client.js';
import { runWithLock } from '../services/locks.js';
import type { WorkingSet } from './working-set.js';

/** A server that keeps answering `more` must not keep the worker looping forever. */
const MAX_ANSWERS = 10_000;

export type PullOutcome = 'pulled' | 'failed';

/** The records a pull changed, by area (what open screens showing them read again). */
export type PulledChanges = Map<string, Set<string>>;

export async function pullWorkingSet(http: HttpClient, workingSet: WorkingSet, changed: PulledChanges = new Map()): Promise<PullOutcome> {
  return runWithLock(LOCKS.workingSetPull, async (): Promise<PullOutcome> => {
    let { cursor, generation } = await workingSet.meta();
    // A new first sync gets a new generation; one resumed half-way keeps its own.
    if (cursor === null) generation += 1;
    for (let answers = 0; answers < MAX_ANSWERS; answers++) {
      let answer: SyncAnswer;
      try {
        answer = await http.request<SyncAnswer>({ path: cursor === null ? 'sync/' : `sync/?since=${encodeURIComponent(cursor)}`, spinner: false });
      } catch (thrown) {
        const error = toNormalizedError(thrown);
        if (error.status === 410 && cursor !== null) {
          await workingSet.restart();
          cursor = null;
          generation += 1;
          continue;
        }
        await workingSet.failed(error.message);
        return 'failed';
      }
      await workingSet.apply(answer, generation);
      for (const change of answer.changes) {
        const ids = changed.get(change.area) ?? new Set<string>();
        ids.add(String(change.id));
        changed.set(change.area, ids);
      }
      cursor = answer.cursor;
      if (!answer.more) return 'pulled';
    }
    return 'pulled';
  });
}
