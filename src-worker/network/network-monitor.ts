/**
 * The one network state every context shares, kept in the device DB (meta `network`). Requests
 * report their outcomes here; tabs forward the browser's online/offline events, because Chromium
 * fires none inside workers.
 */
import type { DeviceDb } from '../../shared/data/db-schema.js';
import type { NetworkState, NormalizedError } from '../../shared/data/protocol.js';
import type { Bus } from '../services/bus.js';
import { applyConnectivity, initialNetworkState, recordIssue, type ConnectivityChange, type IssueReport } from './network-state.js';

export interface NetworkMonitorDeps {
  db: DeviceDb;
  bus: Bus | null;
  now: () => number;
  onChange: (state: NetworkState) => void;
}

/** Issue keys for the failures worth keeping in the issue list. */
function issueFor(error: NormalizedError, request: { method: string; path: string }): IssueReport | null {
  const meta = { method: request.method, path: request.path, status: error.status };
  switch (error.type) {
    case 'offline':
      return { key: 'offline', message: error.message, type: 'offline', scope: 'network', meta };
    case 'network':
      return { key: 'network', message: error.message, type: 'network', scope: 'network', meta };
    case 'server':
    case 'timeout':
      return { key: `${error.type}:${error.status ?? 0}`, message: error.message, type: error.type, scope: 'api', meta };
    default:
      return null;
  }
}

export class NetworkMonitor {
  private current: NetworkState;
  /** The last online/offline a tab forwarded; null until one did. */
  private browserOnline: boolean | null = null;

  constructor(private readonly deps: NetworkMonitorDeps) {
    this.current = initialNetworkState(NetworkMonitor.navigatorOnline());
  }

  private static navigatorOnline(): boolean {
    return typeof navigator === 'undefined' || navigator.onLine !== false;
  }

  get state(): NetworkState {
    return this.current;
  }

  /** Whether the browser itself says there is no connection (decides offline vs network errors). */
  isBrowserOffline(): boolean {
    return this.browserOnline === null ? !NetworkMonitor.navigatorOnline() : !this.browserOnline;
  }

  /** Re-reads the shared state (start-up, or another context changed it). */
  async load(): Promise<NetworkState> {
    const stored = await this.deps.db.getMeta('network');
    if (stored) this.publish(stored);
    return this.current;
  }

  /** A tab forwarded the browser's online/offline event. Returns whether the state flipped. */
  async browserChanged(online: boolean): Promise<boolean> {
    this.browserOnline = online;
    return this.change({ isOnline: online, reason: online ? 'browser-online' : 'browser-offline' });
  }

  /**
   * What a tab saw when it connected. Only "offline" changes the state: a browser that merely has a
   * network says nothing about the server, and responses will flip it online soon enough.
   */
  async browserReported(online: boolean): Promise<void> {
    this.browserOnline = online;
    if (!online) await this.change({ isOnline: false, reason: 'browser-offline' });
  }

  /** Any response at all means the server is reachable (behaviour §4). */
  async responseReceived(): Promise<boolean> {
    if (this.current.isOnline) return false;
    return this.change({ isOnline: true, reason: 'response' });
  }

  /** The clock requests use for `startedAt`. */
  now(): number {
    return this.deps.now();
  }

  /**
   * A request failed: offline and network failures flip the state; failures worth it become issues.
   * A request that started before the last change to online says nothing about the connection now
   * (it was sent while offline and merely finished late), so it does not flip the state back.
   */
  async requestFailed(error: NormalizedError, request: { method: string; path: string; startedAt?: number }): Promise<boolean> {
    const issue = issueFor(error, { method: request.method, path: request.path });
    const flips = error.type === 'offline' || error.type === 'network';
    if (!issue && !flips) return false;
    return this.update((state, at) => {
      let next = issue ? recordIssue(state, issue, at) : state;
      const stale = request.startedAt !== undefined && state.isOnline && state.lastChangeAt !== null && Date.parse(state.lastChangeAt) > request.startedAt;
      if (flips && !stale) next = applyConnectivity(next, { isOnline: false, reason: error.type === 'offline' ? 'browser-offline' : 'network-error', details: request.path }, at) ?? next;
      return next;
    }, flips);
  }

  async change(change: ConnectivityChange): Promise<boolean> {
    return this.update((state, at) => applyConnectivity(state, change, at) ?? state, true);
  }

  /** Read-modify-write in one transaction, so contexts updating at once lose nothing. */
  private async update(transition: (state: NetworkState, at: string) => NetworkState, reportsFlip: boolean): Promise<boolean> {
    const { db } = this.deps;
    const at = new Date(this.deps.now()).toISOString();
    let flipped = false;
    let next: NetworkState | null = null;
    await db.transaction('rw', db.meta, async () => {
      const stored = (await db.getMeta('network')) ?? this.current;
      const updated = transition(stored, at);
      if (updated === stored) return;
      flipped = reportsFlip && updated.isOnline !== stored.isOnline;
      next = updated;
      await db.setMeta('network', updated);
    });
    if (next) {
      this.publish(next);
      this.deps.bus?.post({ type: 'network-changed' });
    }
    return flipped;
  }

  private publish(state: NetworkState): void {
    this.current = state;
    this.deps.onChange(state);
  }
}
