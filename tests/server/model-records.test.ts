/**
 * One record per model (src-server/models/): the list covers every synced area under its own name,
 * and what the sync, the history and the export read from a record is what its routes answer: the
 * same record presented, the same 403 for a limited user where the record says full access.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNCED_AREAS } from '../../shared/api/sync.js';
import { ACTIVITY_RECORD_PATHS, isHistoryArea } from '../../shared/api/activity.js';
import { isCsvExportArea } from '../../shared/api/exports.js';
import { buildRepositories } from '../../src-server/db/repositories.js';
import { buildModels } from '../../src-server/models/index.js';
import { limitedMayRead, presentedByIds, type AnyModelRecord } from '../../src-server/models/model-record.js';
import { insertLocation } from '../helpers/inventory-fixtures.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';

let t: TestApp;
let full: TestUser;
let limited: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  full = await t.createUser({ full: true });
  limited = await t.createUser({ full: false });
});
afterAll(async () => t?.close());

describe('the model records', () => {
  it('name every synced area once, each under its own name, with an export and a history where they have them', () => {
    const models = buildModels(buildRepositories(t.database.db, t.database.dialect, t.config.site));
    expect(Object.keys(models).sort()).toEqual([...SYNCED_AREAS].sort());
    for (const [area, model] of Object.entries(models) as [string, AnyModelRecord][]) {
      expect(model.area).toBe(area);
      expect([area, model.csv !== undefined]).toEqual([area, isCsvExportArea(area)]);
    }
    // A meter has no list of its own to export, and its history is its asset's; a request's story is its work order's.
    expect(Object.keys(models).filter((area) => !isCsvExportArea(area) || !isHistoryArea(area))).toEqual(['meters', 'requests']);
  });

  it("present a meter as its route answers it, with its newest readings, for the devices' working set", async () => {
    const asset = await t.request({ method: 'POST', url: '/api/v1/assets/create/', as: full, payload: { brand: 'Belt', name: 'Conveyor', description: 'Model meter', asset_type: 'OTHER', serial_number: 'MM-1' } });
    expect(asset.statusCode).toBe(201);
    const meter = await t.request({ method: 'POST', url: `/api/v1/assets/${(asset.json() as { id: number }).id}/meters/`, as: full, payload: { name: 'Run hours', unit: 'hours' } });
    const id = (meter.json() as { id: number }).id;
    for (const value of [10, 25]) expect((await t.request({ method: 'POST', url: `/api/v1/meters/${id}/readings/`, as: full, payload: { value } })).statusCode).toBe(201);
    const models = buildModels(buildRepositories(t.database.db, t.database.dialect, t.config.site));
    const presented = await presentedByIds(models.meters as AnyModelRecord, [id], { origin: 'http://cmms.test', timeZone: t.config.timeZone }, true);
    const detail = (await t.request({ method: 'GET', url: `/api/v1/meters/${id}/`, as: full })).json() as { recent_readings: { value: number }[]; average_daily_use: number | null };
    expect({ ...(presented.get(id) as object), average_daily_use: null }).toEqual({ ...detail, average_daily_use: null });
    expect(detail.recent_readings.map((r) => r.value)).toEqual([25, 10]);
  });

  it("present a work order as its detail route answers each user: costs for full access, the model's limited view for the others", async () => {
    const location = await insertLocation(t.database.db, 'Model Costs');
    const created = await t.request({ method: 'POST', url: '/api/v1/workorders/', as: full, payload: { location_id: location.id, description: 'Model costs' } });
    const id = (created.json() as { id: number }).id;
    expect((await t.request({ method: 'POST', url: `/api/v1/workorders/${id}/labour/`, as: full, payload: { minutes: 30, date: new Date().toISOString().slice(0, 10) } })).statusCode).toBe(201);
    const models = buildModels(buildRepositories(t.database.db, t.database.dialect, t.config.site));
    const ctx = { origin: 'http://cmms.test', timeZone: t.config.timeZone };
    for (const [user, isFull] of [[full, true], [limited, false]] as const) {
      const presented = await presentedByIds(models.workorders as AnyModelRecord, [id], ctx, isFull);
      const detail = (await t.request({ method: 'GET', url: `/api/v1/workorders/${id}/`, as: user })).json() as { costs: { labour_minutes: number } | null };
      expect(presented.get(id)).toEqual(detail);
      expect(detail.costs?.labour_minutes ?? null).toBe(isFull ? 30 : null);
    }
  });

  it('present a record as its detail route answers it, and read as its routes allow', async () => {
    const created = await t.request({ method: 'POST', url: '/api/v1/vendors/', as: full, payload: { name: 'Model Vendor' } });
    expect(created.statusCode).toBe(201);
    const id = (created.json() as { id: number }).id;
    const models = buildModels(buildRepositories(t.database.db, t.database.dialect, t.config.site));
    const vendor: AnyModelRecord = models.vendors;
    const presented = await presentedByIds(vendor, [id, id + 1_000_000], { origin: 'http://cmms.test', timeZone: t.config.timeZone }, true);
    expect([...presented.keys()]).toEqual([id]);
    const detail = await t.request({ method: 'GET', url: `/api/v1/vendors/${id}/`, as: full });
    expect(presented.get(id)).toEqual(detail.json());
    // What the record says of limited users is what the routes do with them.
    for (const model of Object.values(models) as AnyModelRecord[]) {
      const path = `/api/v1/${isHistoryArea(model.area) ? ACTIVITY_RECORD_PATHS[model.area] : `${model.area}/`}`;
      const answer = await t.request({ method: 'GET', url: `${path}999999/`, as: limited });
      expect([model.area, answer.statusCode]).toEqual([model.area, limitedMayRead(model) ? 404 : 403]);
    }
  });
});
