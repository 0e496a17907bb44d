import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_VERSION } from '../../shared/constants.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';

let t: TestApp;
let limited: TestUser;
let full: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  limited = await t.createUser();
  full = await t.createUser({ full: true });
});
afterAll(async () => {
  await t.close();
});

const beat = (installation_id: string, extra: Record<string, unknown> = {}) => ({
  installation_id,
  app_version: '4.6.17',
  platform: 'web',
  device_name: 'Chrome on Linux',
  os_name: 'Linux',
  os_version: '6.8',
  is_pwa: false,
  ...extra,
});
const device = (installationId: string) => t.database.db.selectFrom('devices').selectAll().where('installation_id', '=', installationId).execute();

describe('heartbeat', () => {
  it('records the device of any signed-in user and answers with the server time', async () => {
    const before = Date.now();
    const res = await t.request({ method: 'POST', url: '/api/v1/monitoring/heartbeat/', as: limited, payload: beat('install-aaaa-0001') });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['server_time', 'status']);
    expect(body.status).toBe('ok');
    expect(new Date(body.server_time).toISOString()).toBe(body.server_time);
    expect(Date.parse(body.server_time)).toBeGreaterThanOrEqual(before - 1000);

    const rows = await device('install-aaaa-0001');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_id: limited.user.id, app_version: '4.6.17', platform: 'web', device_name: 'Chrome on Linux', os_name: 'Linux', os_version: '6.8', is_pwa: 0, last_seen_at: body.server_time, created_at: body.server_time });
  });

  it('updates the same installation in place, whoever signs in on it', async () => {
    await t.request({ method: 'POST', url: '/api/v1/monitoring/heartbeat/', as: limited, payload: beat('install-bbbb-0002') });
    const [first] = await device('install-bbbb-0002');
    await new Promise((r) => setTimeout(r, 5));
    const again = await t.request({ method: 'POST', url: '/api/v1/monitoring/heartbeat/', as: full, payload: beat('install-bbbb-0002', { app_version: APP_VERSION, platform: 'pwa', is_pwa: true, os_version: '' }) });
    expect(again.statusCode).toBe(200);
    const rows = await device('install-bbbb-0002');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: first!.id, user_id: full.user.id, app_version: APP_VERSION, platform: 'pwa', is_pwa: 1, os_version: '', created_at: first!.created_at, last_seen_at: again.json().server_time });
    expect(rows[0]!.last_seen_at > first!.last_seen_at).toBe(true);
  });

  it('validates the payload', async () => {
    const post = (payload: Record<string, unknown>) => t.request({ method: 'POST', url: '/api/v1/monitoring/heartbeat/', as: limited, payload });
    expect((await post(beat('short'))).json()).toEqual({ installation_id: ['Ensure this field has at least 8 characters.'] });
    expect((await post(beat('x'.repeat(129)))).json()).toEqual({ installation_id: ['Ensure this field has no more than 128 characters.'] });
    expect((await post(beat('install-cccc-0003', { platform: 'ios' }))).json()).toEqual({ platform: ['Not a valid choice. Choose one of: web, pwa.'] });
    expect((await post(beat('install-cccc-0003', { is_pwa: 'maybe' }))).json()).toEqual({ is_pwa: ['Must be a valid boolean.'] });
    expect((await post(beat('install-cccc-0003', { app_version: '' }))).json()).toEqual({ app_version: ['This field may not be blank.'] });
    const missing = await post({ installation_id: 'install-cccc-0003' });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json()).sort()).toEqual(['app_version', 'device_name', 'is_pwa', 'os_name', 'os_version', 'platform']);
    expect(await device('install-cccc-0003')).toHaveLength(0);
  });

  it('is not for visitors', async () => {
    const res = await t.request({ method: 'POST', url: '/api/v1/monitoring/heartbeat/', payload: beat('install-dddd-0004') });
    expect(res.statusCode).toBe(401);
    expect(await device('install-dddd-0004')).toHaveLength(0);
  });
});

describe('version', () => {
  it('tells anyone the running version, with no minimum by default', async () => {
    const res = await t.request({ method: 'GET', url: '/api/v1/monitoring/version/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ latest_version: APP_VERSION, min_version: null, force_update: false, message: null });
    expect((await t.request({ method: 'GET', url: '/api/v1/monitoring/version', as: limited })).json().latest_version).toBe(APP_VERSION);
  });

  it('passes on the configured minimum, forced update and message', async () => {
    const configured = await createTestApp({ env: { MIN_VERSION: '4.6.0', FORCE_UPDATE: 'true', UPDATE_MESSAGE: 'Please reload for the new release.' } });
    try {
      const res = await configured.request({ method: 'GET', url: '/api/v1/monitoring/version/' });
      expect(res.json()).toEqual({ latest_version: APP_VERSION, min_version: '4.6.0', force_update: true, message: 'Please reload for the new release.' });
    } finally {
      await configured.close();
    }
  });
});
