/**
 * GET codes/{code}/ (shared/api/codes.ts): a label's code opens its record for whoever may open it.
 * Full-access users get assets and locations; limited users locations only, and an asset's code
 * tells them why it is not theirs; a code that is no record's (or not a code) says it is not ours.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_ASSET_NOT_ALLOWED, CODE_NOT_OURS } from '../../shared/api/codes.js';
import { recordCode } from '../../shared/rules/record-codes.js';
import { insertLocation } from '../helpers/inventory-fixtures.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';

let t: TestApp;
let full: TestUser;
let staff: TestUser;
let limited: TestUser;
let locationId: number;
let asset: { id: number; code: string };

const lookup = (code: string, as?: TestUser) => t.request({ method: 'GET', url: `/api/v1/codes/${encodeURIComponent(code)}/`, ...(as ? { as } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  full = await t.createUser({ full: true });
  staff = await t.createUser({ staff: true });
  limited = await t.createUser();
  locationId = (await insertLocation(t.database.db, 'Scan Depot')).id;
  const res = await t.request({
    method: 'POST',
    url: '/api/v1/assets/create/',
    as: full,
    payload: { brand: 'Acme', name: 'Compressor', description: 'Air', asset_type: 'OTHER', serial_number: 'C-1', location_id: locationId },
  });
  asset = res.json();
});
afterAll(() => t.close());

describe('a code lookup', () => {
  it("opens an asset or a location for a full-access user, in any case and with or without the dash", async () => {
    const place = recordCode('locations', locationId);
    for (const code of [asset.code, asset.code.toLowerCase(), asset.code.replace('-', '')]) {
      const res = await lookup(code, full);
      expect(res.statusCode, code).toBe(200);
      expect(res.json()).toEqual({ area: 'assets', id: asset.id });
    }
    expect((await lookup(place, full)).json()).toEqual({ area: 'locations', id: locationId });
    expect((await lookup(asset.code, staff)).json()).toEqual({ area: 'assets', id: asset.id });
  });

  it('opens a location for a limited user, and refuses an asset saying why', async () => {
    expect((await lookup(recordCode('locations', locationId), limited)).json()).toEqual({ area: 'locations', id: locationId });
    const res = await lookup(asset.code, limited);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: CODE_ASSET_NOT_ALLOWED });
  });

  it('says a code is not ours when no record has it or it is no code at all, alike for everyone', async () => {
    for (const as of [full, limited]) {
      for (const code of [recordCode('assets', 987_654), recordCode('locations', 987_654), 'A-22222', 'hello', 'X-7K3Q9', 'A-OOOOO', 'x'.repeat(40)]) {
        const res = await lookup(code, as);
        expect(res.statusCode, code).toBe(404);
        expect(res.json()).toEqual({ detail: CODE_NOT_OURS });
      }
    }
    // Longer than any code: a malformed path parameter, which names nothing (http/errors.ts).
    expect((await lookup('x'.repeat(41), full)).statusCode).toBe(404);
  });

  it('needs a signed-in user', async () => {
    expect((await lookup(asset.code)).statusCode).toBe(401);
  });
});
