import { describe, expect, it } from 'vitest';
import { applyConnectivity, initialNetworkState, recordIssue } from '../../../src-worker/network/network-state.js';
import { NetworkMonitor } from '../../../src-worker/network/network-monitor.js';
import { DeviceDb } from '../../../shared/data/db-schema.js';
import { networkError } from '../../../shared/data/errors.js';

const at = (n: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString();

describe('network state transitions (behaviour §3, 4)', () => {
  it('flips offline and back online, recording when and why', () => {
    const offline = applyConnectivity(initialNetworkState(true), { isOnline: false, reason: 'network-error', details: 'workorders/' }, at(1));
    expect(offline).toMatchObject({ isOnline: false, offlineSince: at(1), lastChangeAt: at(1), lastReason: 'network-error', lastDetails: 'workorders/' });
    const online = applyConnectivity(offline!, { isOnline: true, reason: 'response' }, at(2));
    expect(online).toMatchObject({ isOnline: true, offlineSince: null, lastOnlineAt: at(2), lastReason: 'response' });
    expect(online!.events.map((e) => [e.isOnline, e.reason])).toEqual([
      [true, 'response'],
      [false, 'network-error'],
    ]);
  });

  it('ignores duplicate changes unless forced', () => {
    const state = initialNetworkState(true);
    expect(applyConnectivity(state, { isOnline: true, reason: 'browser-online' }, at(1))).toBeNull();
    const forced = applyConnectivity(state, { isOnline: true, reason: 'browser-online', force: true }, at(1));
    expect(forced?.events).toHaveLength(1);
    const offline = applyConnectivity(state, { isOnline: false, reason: 'browser-offline' }, at(1))!;
    const again = applyConnectivity(offline, { isOnline: false, reason: 'browser-offline', force: true }, at(5))!;
    expect(again.offlineSince).toBe(at(1));
  });

  it('keeps the 20 newest events, newest first', () => {
    let state = initialNetworkState(true);
    for (let i = 0; i < 25; i++) state = applyConnectivity(state, { isOnline: i % 2 === 1, reason: `r${i}` }, at(i))!;
    expect(state.events).toHaveLength(20);
    expect(state.events[0]!.reason).toBe('r24');
    expect(state.events[19]!.reason).toBe('r5');
  });

  it('counts repeated issues and keeps the 30 most recent', () => {
    let state = initialNetworkState(true);
    state = recordIssue(state, { key: 'network', message: 'm', type: 'network', scope: 'network' }, at(1));
    state = recordIssue(state, { key: 'network', message: 'm', type: 'network', scope: 'network' }, at(2));
    expect(state.issues).toEqual([expect.objectContaining({ key: 'network', count: 2, firstSeenAt: at(1), lastSeenAt: at(2) })]);
    for (let i = 0; i < 35; i++) state = recordIssue(state, { key: `server:${i}`, message: 'm', type: 'server', scope: 'api' }, at(10 + i));
    expect(state.issues).toHaveLength(30);
    expect(state.issues[0]!.key).toBe('server:34');
    expect(state.issues.some((i) => i.key === 'network')).toBe(false);
  });
});

describe('network monitor', () => {
  it('a request sent while offline that fails after the connection came back does not flip it offline again', async () => {
    let clock = Date.UTC(2026, 0, 1);
    const states: boolean[] = [];
    const monitor = new NetworkMonitor({ db: new DeviceDb(`net-${Math.random()}`), bus: null, now: () => clock, onChange: (s) => states.push(s.isOnline) });
    await monitor.browserChanged(false);
    const startedWhileOffline = monitor.now();
    clock += 1_000;
    await monitor.browserChanged(true);
    clock += 1_000;
    const flipped = await monitor.requestFailed(networkError(), { method: 'GET', path: 'workorders/', startedAt: startedWhileOffline });
    expect(flipped).toBe(false);
    expect(monitor.state.isOnline).toBe(true);
    // The failure is still kept as an issue.
    expect(monitor.state.issues.map((i) => i.key)).toContain('network');
    // A request sent after the change still counts.
    expect(await monitor.requestFailed(networkError(), { method: 'GET', path: 'workorders/', startedAt: monitor.now() })).toBe(true);
    expect(monitor.state.isOnline).toBe(false);
  });
});
