/**
 * Behaviour §3 Device heartbeat: every 5 minutes and when a tab becomes visible, only while online and
 * only with a signed-in user who has an email. One heartbeat per interval for the whole device:
 * the lock 'heartbeat' plus the time of the last one in the device DB, so ten tabs in fallback
 * mode cost the server what one tab does.
 */
import { APP_VERSION, HEARTBEAT_INTERVAL_MS } from '../../shared/constants.js';
import type { HeartbeatBody } from '../../shared/api/monitoring.js';
import { LOCKS } from '../../shared/data/bus.js';
import type { DeviceDb } from '../../shared/data/db-schema.js';
import type { HttpClient } from '../http/http-client.js';
import type { NetworkMonitor } from '../network/network-monitor.js';
import type { SessionStore } from '../session/session-store.js';
import { deviceInfoFrom } from './device-info.js';
import { runIfLockFree } from './locks.js';

/** Timers of several contexts drift apart; a beat this close to the interval counts as on time. */
const TIMER_SLACK_MS = 10_000;
/** Switching between many tabs must not turn into a heartbeat per switch. */
const VISIBLE_MIN_GAP_MS = 60_000;

export interface HeartbeatDeps {
  db: DeviceDb;
  http: HttpClient;
  network: NetworkMonitor;
  session: SessionStore;
  now: () => number;
  /** What the connected tabs report: any installed (standalone) tab makes the platform "pwa". */
  tabs: () => { isPwa: boolean; userAgent: string }[];
}

export type HeartbeatTrigger = 'timer' | 'visible';

export async function installationId(db: DeviceDb): Promise<string> {
  return db.transaction('rw', db.meta, async () => {
    const existing = await db.getMeta('installationId');
    if (existing) return existing;
    const created = crypto.randomUUID();
    await db.setMeta('installationId', created);
    return created;
  });
}

/** Sends a heartbeat if one is due; returns whether it was sent. Never throws. */
export async function sendHeartbeat(deps: HeartbeatDeps, trigger: HeartbeatTrigger): Promise<boolean> {
  if (!deps.network.state.isOnline || deps.network.isBrowserOffline()) return false;
  const user = await deps.session.user();
  if (!user?.email) return false;
  const outcome = await runIfLockFree(LOCKS.heartbeat, async () => {
    const last = await deps.db.getMeta('lastHeartbeatAt');
    const gap = trigger === 'timer' ? HEARTBEAT_INTERVAL_MS - TIMER_SLACK_MS : VISIBLE_MIN_GAP_MS;
    if (last !== null && deps.now() - last < gap) return false;
    const tabs = deps.tabs();
    const isPwa = tabs.some((tab) => tab.isPwa);
    const userAgent = tabs[0]?.userAgent ?? (typeof navigator === 'undefined' ? '' : navigator.userAgent);
    const body: HeartbeatBody = {
      installation_id: await installationId(deps.db),
      app_version: APP_VERSION,
      platform: isPwa ? 'pwa' : 'web',
      ...deviceInfoFrom(userAgent),
      is_pwa: isPwa,
    };
    try {
      await deps.http.request({ method: 'POST', path: 'monitoring/heartbeat/', json: body, spinner: false });
    } catch {
      return false;
    }
    await deps.db.setMeta('lastHeartbeatAt', deps.now());
    return true;
  });
  return outcome.ran && outcome.value;
}
