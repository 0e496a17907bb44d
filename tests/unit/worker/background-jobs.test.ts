import { afterEach, describe, expect, it } from 'vitest';
import { APP_VERSION, HEARTBEAT_INTERVAL_MS, VERSION_CHECK_INTERVAL_MS } from '../../../shared/constants.js';
import type { VersionInfo } from '../../../shared/api/monitoring.js';
import type { VersionState } from '../../../shared/data/protocol.js';
import { sendHeartbeat, type HeartbeatDeps } from '../../../src-worker/services/heartbeat.js';
import { deviceInfoFrom } from '../../../src-worker/services/device-info.js';
import { checkVersion, type VersionCheckDeps } from '../../../src-worker/services/version-check.js';
import { compareVersions, versionStateFor } from '../../../src-worker/services/version-policy.js';
import { createFakeHttp, json, type FakeHttp } from '../helpers/fake-http.js';
import { testUser } from '../helpers/data-core-harness.js';
import { createTestServices, type TestServices } from '../helpers/services.js';

const opened: TestServices[] = [];
afterEach(() => {
  for (const s of opened.splice(0)) s.close();
});

function services(api: FakeHttp): TestServices {
  const s = createTestServices(api);
  opened.push(s);
  return s;
}

const ANDROID_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36';

describe('heartbeat (behaviour §3 Device heartbeat, behaviour §9)', () => {
  async function setup(signedIn = true) {
    const api = createFakeHttp();
    api.on('POST', 'monitoring/heartbeat/', () => json(200, { status: 'ok', server_time: '' }));
    const s = services(api);
    if (signedIn) await s.session.signIn({ access: 'A1', refresh: 'R1' }, testUser());
    const deps: HeartbeatDeps = { db: s.db, http: s.http, network: s.network, session: s.session, now: () => s.clock.now, tabs: () => [{ isPwa: true, userAgent: ANDROID_UA }] };
    return { api, s, deps };
  }

  it('sends the device payload with a kept installation id, as a pwa when a tab is installed', async () => {
    const { api, s, deps } = await setup();
    expect(await sendHeartbeat(deps, 'timer')).toBe(true);
    s.clock.now += HEARTBEAT_INTERVAL_MS;
    expect(await sendHeartbeat(deps, 'timer')).toBe(true);
    const [first, second] = api.callsTo('POST', 'monitoring/heartbeat/');
    expect(first!.json).toEqual({
      installation_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      app_version: APP_VERSION,
      platform: 'pwa',
      device_name: 'Chrome on Android',
      os_name: 'Android',
      os_version: '14',
      is_pwa: true,
    });
    expect((second!.json as { installation_id: string }).installation_id).toBe((first!.json as { installation_id: string }).installation_id);
  });

  it('is not sent without a signed-in user with an email, or while offline', async () => {
    const { api, s, deps } = await setup(false);
    expect(await sendHeartbeat(deps, 'timer')).toBe(false);
    await s.session.signIn({ access: 'A1', refresh: 'R1' }, testUser({ email: '' }));
    expect(await sendHeartbeat(deps, 'timer')).toBe(false);
    await s.session.saveUser(testUser());
    await s.network.browserChanged(false);
    expect(await sendHeartbeat(deps, 'timer')).toBe(false);
    expect(api.callsTo('POST', 'monitoring/heartbeat/')).toHaveLength(0);
  });

  it('is sent once per interval for the whole device, however many contexts ask', async () => {
    const { api, s, deps } = await setup();
    const results = await Promise.all([sendHeartbeat(deps, 'timer'), sendHeartbeat(deps, 'timer'), sendHeartbeat(deps, 'visible')]);
    expect(results.filter(Boolean)).toHaveLength(1);
    s.clock.now += 30_000;
    expect(await sendHeartbeat(deps, 'visible')).toBe(false);
    s.clock.now += 60_000;
    expect(await sendHeartbeat(deps, 'visible')).toBe(true);
    expect(await sendHeartbeat(deps, 'timer')).toBe(false);
    expect(api.callsTo('POST', 'monitoring/heartbeat/')).toHaveLength(2);
  });

  it('reads the device from the user agent', () => {
    expect(deviceInfoFrom('Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Version/17.4 Mobile/15E148 Safari/604.1')).toEqual({
      device_name: 'Safari on iOS',
      os_name: 'iOS',
      os_version: '17.4',
    });
    expect(deviceInfoFrom('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36 Edg/156.0')).toMatchObject({ device_name: 'Edge on Windows', os_version: '10.0' });
  });
});

describe('version policy (behaviour §4 Version handling)', () => {
  const info = (latest: string, min: string | null, force = false): VersionInfo => ({ latest_version: latest, min_version: min, force_update: force, message: null });

  it('compares dotted versions numerically', () => {
    expect(compareVersions('4.6.18', '4.6.9')).toBe(1);
    expect(compareVersions('4.6', '4.6.0')).toBe(0);
    expect(compareVersions('4.10.0', '4.9.99')).toBe(1);
    expect(compareVersions('3.99', '4')).toBe(-1);
  });

  it('an update is available when the latest is newer or the running version is below the minimum', () => {
    expect(versionStateFor(info('4.6.18', null), '4.6.18')).toMatchObject({ updateAvailable: false, forced: false });
    expect(versionStateFor(info('4.7.0', null), '4.6.18')).toMatchObject({ updateAvailable: true, forced: false });
    expect(versionStateFor(info('4.6.18', '4.6.20'), '4.6.18')).toMatchObject({ updateAvailable: true, forced: false });
  });

  it('an update is forced with force_update and a version below the minimum, or no minimum and a newer version', () => {
    expect(versionStateFor(info('4.7.0', '4.7.0', true), '4.6.18').forced).toBe(true);
    expect(versionStateFor(info('4.7.0', null, true), '4.6.18').forced).toBe(true);
    expect(versionStateFor(info('4.7.0', '4.6.0', true), '4.6.18')).toMatchObject({ updateAvailable: true, forced: false });
    expect(versionStateFor(info('4.6.18', null, true), '4.6.18').forced).toBe(false);
  });
});

describe('version check', () => {
  function setup(answer: () => Response) {
    const api = createFakeHttp();
    api.on('GET', 'monitoring/version/', answer);
    const s = services(api);
    const states: VersionState[] = [];
    const timers: { run: () => void; ms: number }[] = [];
    let reloads = 0;
    const deps: VersionCheckDeps = {
      db: s.db,
      http: s.http,
      network: s.network,
      now: () => s.clock.now,
      onState: (state) => states.push(state),
      onForcedReload: () => (reloads += 1),
      setTimer: (run, ms) => timers.push({ run, ms }),
      running: '4.6.18',
    };
    return { api, s, deps, states, timers, reloads: () => reloads };
  }

  it('runs at most once per 10 minutes for the device, without the spinner or a token', async () => {
    const { api, s, deps, states } = setup(() => json(200, { latest_version: '4.7.0', min_version: null, force_update: false, message: 'New!' }));
    await checkVersion(deps);
    await checkVersion(deps);
    expect(api.callsTo('GET', 'monitoring/version/')).toHaveLength(1);
    expect(api.calls[0]!.headers.authorization).toBeUndefined();
    expect(states).toEqual([{ latestVersion: '4.7.0', minVersion: null, message: 'New!', updateAvailable: true, forced: false }]);
    s.clock.now += VERSION_CHECK_INTERVAL_MS;
    await checkVersion(deps);
    expect(api.callsTo('GET', 'monitoring/version/')).toHaveLength(2);
  });

  it('treats 401 and 403 as no information', async () => {
    const { deps, states } = setup(() => json(403, { detail: 'no' }));
    await checkVersion(deps);
    expect(states).toEqual([{ latestVersion: null, minVersion: null, message: null, updateAvailable: false, forced: false }]);
  });

  it('a forced update reloads after 15 s, once per target version', async () => {
    const { s, deps, states, timers, reloads } = setup(() => json(200, { latest_version: '4.8.0', min_version: '4.8.0', force_update: true, message: null }));
    await checkVersion(deps);
    expect(states.at(-1)).toMatchObject({ forced: true, updateAvailable: true });
    expect(timers.map((t) => t.ms)).toEqual([15_000]);
    timers[0]!.run();
    await new Promise((r) => setTimeout(r, 20));
    expect(reloads()).toBe(1);
    expect(states.at(-1)).toMatchObject({ forced: false, updateAvailable: true });

    s.clock.now += VERSION_CHECK_INTERVAL_MS;
    await checkVersion(deps);
    expect(states.at(-1)).toMatchObject({ forced: false, updateAvailable: true });
    expect(timers).toHaveLength(1);
  });
});
