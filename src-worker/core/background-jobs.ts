/**
 * The core's jobs that run on their own: the heartbeat, the version check, the storage estimate, the
 * purge of expired saved answers and finished queue items, and the pull of the working set, each on
 * its timer once started (and each also run on demand: a tab shown again, a login, a flush).
 */
import { CACHE_PURGE_INTERVAL_MS, HEARTBEAT_INTERVAL_MS, VERSION_CHECK_INTERVAL_MS, WORKING_SET_PULL_INTERVAL_MS } from '../../shared/constants.js';
import type { StatePatch } from '../../shared/data/protocol.js';
import type { DataServices } from '../data-services.js';
import { sendHeartbeat, type HeartbeatTrigger } from '../services/heartbeat.js';
import { readStorageState } from '../services/storage.js';
import type { TabHub } from '../services/tab-hub.js';
import { checkVersion, type VersionCheckDeps } from '../services/version-check.js';
import { keepOrderWork } from '../sync/order-work.js';
import { pullWorkingSet, type PulledChanges } from '../sync/pull.js';
import type { CoreTasks } from './tasks.js';

export interface BackgroundJobDeps {
  services: DataServices;
  hub: TabHub;
  tasks: CoreTasks;
  setState(patch: StatePatch): void;
  /** The outbox lost finished items: show it and tell the other contexts. */
  queueChanged(): void;
  refreshQueue(): Promise<void>;
}

export interface BackgroundJobs {
  heartbeat(trigger: HeartbeatTrigger): Promise<boolean>;
  checkVersion(): Promise<void>;
  /** The version state another context saved. */
  loadVersion(): Promise<void>;
  refreshStorage(): Promise<void>;
  purge(): Promise<void>;
  /** Brings the working set up to date (signed in and online only), then shows what it holds. */
  pull(): Promise<void>;
  /** Shows what the working set holds (after a sign-in or sign-out elsewhere). */
  refreshWorkingSet(): Promise<void>;
  /** The periodic runs, and a first version check. */
  startTimers(): void;
}

export function createBackgroundJobs(deps: BackgroundJobDeps): BackgroundJobs {
  const { db, http, network, session, now, bus, cache, outbox, workingSet } = deps.services;
  const { hub, tasks, setState } = deps;

  const versionDeps: VersionCheckDeps = {
    db,
    http,
    network,
    now,
    onState: (version) => {
      setState({ version });
      bus.post({ type: 'version-changed' });
    },
    onForcedReload: () => {
      hub.emit({ type: 'reload', reason: 'forced-update' });
      bus.post({ type: 'reload', reason: 'forced-update' });
    },
    setTimer: (run, ms) => tasks.later(run, ms),
  };

  /**
   * One pull running and at most one waiting per context: hints that arrive during a pull (a burst
   * of writes) become one more pull after it, which reads everything they announced.
   */
  let pulling: Promise<void> | null = null;
  let pullAgain = false;

  async function pullOnce(): Promise<void> {
    if (!(await session.tokens())?.access || network.isBrowserOffline()) return;
    const changed: PulledChanges = new Map();
    await pullWorkingSet(http, workingSet, changed);
    // The user's own orders' labour and parts, for their sections offline (sync/order-work.ts),
    // before the working set is shown as saved: what it says is kept, is.
    await keepOrderWork({ http, cache, workingSet, session }, changed.get('workorders')).catch(() => undefined);
    await jobs.refreshWorkingSet();
    // Open lists and details of what changed read again: here, and in every other context's tabs.
    for (const [area, ids] of changed) {
      const targetIds = [...ids];
      hub.emit({ type: 'synced', area, targetIds });
      bus.post({ type: 'synced', area, targetIds });
    }
  }

  const jobs: BackgroundJobs = {
    heartbeat: (trigger) => sendHeartbeat({ db, http, network, session, now, tabs: () => hub.hellos() }, trigger),
    checkVersion: () => checkVersion(versionDeps),
    async loadVersion() {
      const version = await db.getMeta('versionState');
      if (version) setState({ version });
    },
    async refreshStorage() {
      setState({ storage: await readStorageState() });
    },
    async purge() {
      await cache.purgeExpired();
      if ((await outbox.purgeFinished()) > 0) deps.queueChanged();
      else await deps.refreshQueue();
    },
    pull() {
      if (pulling) {
        pullAgain = true;
        return pulling;
      }
      pulling = (async () => {
        do {
          pullAgain = false;
          await pullOnce();
        } while (pullAgain);
      })().finally(() => {
        pulling = null;
      });
      return pulling;
    },
    async refreshWorkingSet() {
      setState({ workingSet: await workingSet.state() });
    },
    startTimers() {
      tasks.every(() => jobs.heartbeat('timer'), HEARTBEAT_INTERVAL_MS);
      tasks.every(() => jobs.checkVersion(), VERSION_CHECK_INTERVAL_MS);
      tasks.every(() => jobs.purge(), CACHE_PURGE_INTERVAL_MS);
      tasks.every(() => jobs.pull(), WORKING_SET_PULL_INTERVAL_MS);
      tasks.background(jobs.checkVersion());
    },
  };
  return jobs;
}
