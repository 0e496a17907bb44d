/**
 * The data worker's code lookup (src-worker/areas/codes.ts): a scanned link or a typed code asks the
 * server while it answers, and the records kept on the device (the working set) when it cannot be
 * reached; text that is no code of ours never leaves the device. Also: a work order's asset reaches
 * the server in the create's form, and an order queued before assets could be linked has none.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CODE_ASSET_NOT_ALLOWED, CODE_NOT_ON_DEVICE, CODE_NOT_OURS } from '../../../shared/api/codes.js';
import type { SyncAnswer } from '../../../shared/api/sync.js';
import { recordCode } from '../../../shared/rules/record-codes.js';
import { resolveCode } from '../../../src-worker/areas/codes.js';
import { createWorkorder } from '../../../src-worker/areas/workorders.js';
import type { AreaContext } from '../../../src-worker/kit/area-context.js';
import { createFakeHttp, json, type FakeHttp } from '../helpers/fake-http.js';
import { areaContextOf, signInTechnician, createTestServices, type TestServices } from '../helpers/services.js';

let api: FakeHttp;
let s: TestServices;
let ctx: AreaContext;

beforeEach(async () => {
  api = createFakeHttp();
  s = createTestServices(api);
  ctx = areaContextOf(s);
  await signInTechnician(s);
});
afterEach(() => s.close());

const pump = { id: 7, name: { name: 'Pump' }, code: recordCode('assets', 7) };
const depot = { id: 3, name: 'Depot', code: recordCode('locations', 3) };

/** A whole first sync of these areas, as the server would send it. */
async function keep(scope: SyncAnswer['scope'], records: { area: 'assets' | 'locations'; record: { id: number } }[]): Promise<void> {
  await s.workingSet.apply(
    { cursor: '5', more: false, snapshot: true, scope, changes: records.map(({ area, record }) => ({ area, id: record.id, op: 'upsert' as const, record })) },
    1,
  );
}

describe('looking a code up', () => {
  it('asks the server with the code as stored, whatever form it was read in', async () => {
    api.on('GET', `codes/${pump.code}/`, () => json(200, { area: 'assets', id: 7 }));
    for (const text of [pump.code, pump.code.toLowerCase(), `https://cmms.example.com/scan/${pump.code}`, ` ${pump.code.replace('-', '')} `]) {
      expect(await resolveCode(ctx, text)).toMatchObject({ data: { area: 'assets', id: 7 }, fromCache: false });
    }
    expect(api.callsTo('GET', `codes/${pump.code}/`)).toHaveLength(4);
  });

  it('refuses text that is no code of ours without asking anyone', async () => {
    for (const text of ['', 'hello', 'https://example.com/product/123', 'X-7K3Q9', 'WIFI:S:guest;;']) {
      await expect(resolveCode(ctx, text)).rejects.toMatchObject({ type: 'not_found', serverMessage: CODE_NOT_OURS });
    }
    expect(api.calls).toHaveLength(0);
  });

  it("passes the server's refusals on: not ours, and an asset the user may not open", async () => {
    api.on('GET', /^codes\//, () => json(404, { detail: CODE_NOT_OURS }));
    await expect(resolveCode(ctx, recordCode('locations', 99))).rejects.toMatchObject({ type: 'not_found', serverMessage: CODE_NOT_OURS });
    api.on('GET', /^codes\//, () => json(403, { detail: CODE_ASSET_NOT_ALLOWED }));
    await expect(resolveCode(ctx, pump.code)).rejects.toMatchObject({ type: 'forbidden', serverMessage: CODE_ASSET_NOT_ALLOWED });
  });

  it('finds assets and locations among the records kept on the device when offline', async () => {
    await keep(['locations', 'assets'], [
      { area: 'assets', record: pump },
      { area: 'locations', record: depot },
    ]);
    api.down = true;
    expect(await resolveCode(ctx, pump.code.toLowerCase())).toMatchObject({ data: { area: 'assets', id: 7 }, fromCache: true, cachedAt: expect.any(String) });
    expect(await resolveCode(ctx, `http://other.host/scan/${depot.code}`)).toMatchObject({ data: { area: 'locations', id: 3 }, fromCache: true });
  });

  it('says plainly when nothing kept has the code: another record, or an area this user does not keep', async () => {
    await keep(['locations', 'workorders'], [{ area: 'locations', record: depot }]);
    api.down = true;
    await expect(resolveCode(ctx, recordCode('locations', 4))).rejects.toMatchObject({ type: 'not_found', serverMessage: CODE_NOT_ON_DEVICE });
    // A limited user's device keeps no assets: an asset's label finds nothing there.
    await expect(resolveCode(ctx, pump.code)).rejects.toMatchObject({ type: 'not_found', serverMessage: CODE_NOT_ON_DEVICE });
  });

  it('uses an answer the server gave before when the device keeps no working set yet', async () => {
    api.on('GET', `codes/${depot.code}/`, () => json(200, { area: 'locations', id: 3 }));
    await resolveCode(ctx, depot.code);
    api.down = true;
    expect(await resolveCode(ctx, depot.code)).toMatchObject({ data: { area: 'locations', id: 3 }, fromCache: true });
  });
});

describe("a work order's asset", () => {
  it('is sent in the create form when chosen, and not at all otherwise (or from an order queued before)', () => {
    const withAsset = createWorkorder.request({ targetId: null, payload: { location_id: 3, description: 'Leak', asset_id: 7 }, attachments: [], idempotencyKey: 'k1' });
    expect(withAsset.form?.get('asset_id')).toBe('7');
    const without = createWorkorder.request({ targetId: null, payload: { location_id: 3, description: 'Leak' }, attachments: [], idempotencyKey: 'k2' });
    expect(without.form?.has('asset_id')).toBe(false);
    expect(without.form?.get('location_id')).toBe('3');
  });
});
