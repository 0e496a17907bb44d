/**
 * One record per model (src-server/models/): the list covers every synced area under its own name,
 * and what the sync, the history and the export read from a record is what its routes answer: the
 * same record presented, the same 403 for a limited user where the record says full access.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNCED_AREAS } from '../../shared/api/sync.js';
import { ACTIVITY_RECORD_PATHS } from '../../shared/api/activity.js';
import { CSV_EXPORTS } from '../../shared/api/exports.js';
import { buildRepositories } from '../../src-server/db/repositories.js';
import { buildModels } from '../../src-server/models/index.js';
import { limitedMayRead, presentedByIds, type AnyModelRecord } from '../../src-server/models/model-record.js';
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
  it('name every synced area once, each under its own name, each with an export and a history', () => {
    const models = buildModels(buildRepositories(t.database.db, t.database.dialect, t.config.site));
    expect(Object.keys(models).sort()).toEqual([...SYNCED_AREAS].sort());
    for (const [area, model] of Object.entries(models)) {
      expect(model.area).toBe(area);
      expect(CSV_EXPORTS[model.area]).toBeDefined();
      expect(ACTIVITY_RECORD_PATHS[model.area]).toBeDefined();
    }
  });

  it('present a record as its detail route answers it, and read as its routes allow', async () => {
    const created = await t.request({ method: 'POST', url: '/api/v1/vendors/', as: full, payload: { name: 'Model Vendor' } });
    expect(created.statusCode).toBe(201);
    const id = (created.json() as { id: number }).id;
    const models = buildModels(buildRepositories(t.database.db, t.database.dialect, t.config.site));
    const vendor: AnyModelRecord = models.vendors;
    const presented = await presentedByIds(vendor, [id, id + 1_000_000], { origin: 'http://cmms.test', timeZone: t.config.timeZone });
    expect([...presented.keys()]).toEqual([id]);
    const detail = await t.request({ method: 'GET', url: `/api/v1/vendors/${id}/`, as: full });
    expect(presented.get(id)).toEqual(detail.json());
    // What the record says of limited users is what the routes do with them.
    for (const model of Object.values(models) as AnyModelRecord[]) {
      const path = `/api/v1/${ACTIVITY_RECORD_PATHS[model.area]}`;
      const answer = await t.request({ method: 'GET', url: `${path}999999/`, as: limited });
      expect([model.area, answer.statusCode]).toEqual([model.area, limitedMayRead(model) ? 404 : 403]);
    }
  });
});
