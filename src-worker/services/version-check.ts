/**
 * Behaviour §4 Version handling: every 10 minutes, under the lock 'version-check' and at most once per
 * interval for the whole device. A 401 or 403 means "no information". The conclusion is kept in
 * the device DB so every context shows the same. A forced update is announced once per target
 * version: the tabs show "Update required" and get a reload event 15 s later.
 */
import { APP_VERSION, FORCED_RELOAD_DELAY_MS, VERSION_CHECK_INTERVAL_MS } from '../../shared/constants.js';
import type { VersionInfo } from '../../shared/api/monitoring.js';
import { LOCKS } from '../../shared/data/bus.js';
import type { DeviceDb } from '../../shared/data/db-schema.js';
import { isNormalizedError } from '../../shared/data/errors.js';
import type { VersionState } from '../../shared/data/protocol.js';
import type { HttpClient } from '../http/http-client.js';
import type { NetworkMonitor } from '../network/network-monitor.js';
import { runIfLockFree } from './locks.js';
import { forcedTarget, NO_VERSION_INFO, versionStateFor } from './version-policy.js';

/** Timers of several contexts drift apart; a check this close to the interval counts as on time. */
const TIMER_SLACK_MS = 10_000;

export interface VersionCheckDeps {
  db: DeviceDb;
  http: HttpClient;
  network: NetworkMonitor;
  now: () => number;
  /** The conclusion changed: show it (and tell other contexts). */
  onState: (state: VersionState) => void;
  /** Time to reload every tab for a forced update. */
  onForcedReload: () => void;
  setTimer: (run: () => void, ms: number) => void;
  running?: string;
}

export async function checkVersion(deps: VersionCheckDeps, force = false): Promise<void> {
  if (!deps.network.state.isOnline || deps.network.isBrowserOffline()) return;
  await runIfLockFree(LOCKS.versionCheck, async () => {
    const last = await deps.db.getMeta('lastVersionCheckAt');
    if (!force && last !== null && deps.now() - last < VERSION_CHECK_INTERVAL_MS - TIMER_SLACK_MS) return;
    let info: VersionInfo | null;
    try {
      info = await deps.http.request<VersionInfo>({ path: 'monitoring/version/', spinner: false, auth: false });
    } catch (error) {
      if (!(isNormalizedError(error) && (error.status === 401 || error.status === 403))) return;
      info = null;
    }
    await deps.db.setMeta('lastVersionCheckAt', deps.now());
    let state = info ? versionStateFor(info, deps.running ?? APP_VERSION) : NO_VERSION_INFO;
    if (state.forced) {
      const target = forcedTarget(state);
      if ((await deps.db.getMeta('forcedReloadFor')) === target) {
        // Already reloaded for this version once: from now on it is an ordinary update notice.
        state = { ...state, forced: false };
      } else {
        await deps.db.setMeta('forcedReloadFor', target);
        const shown = state;
        deps.setTimer(() => {
          const calmed = { ...shown, forced: false };
          void deps.db
            .setMeta('versionState', calmed)
            .catch(() => undefined)
            .then(() => {
              deps.onState(calmed);
              deps.onForcedReload();
            });
        }, FORCED_RELOAD_DELAY_MS);
      }
    }
    await deps.db.setMeta('versionState', state);
    deps.onState(state);
  });
}
