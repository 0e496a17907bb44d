import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Chemical } from '../../../shared/api/chemicals.js';
import type { Part } from '../../../shared/api/parts.js';
import { createHarness, eventually, testUser } from '../helpers/data-core-harness.js';
import { createFakeHttp, json, type FakeHttp } from '../helpers/fake-http.js';

/**
 * A fill or a count answers with the record, not the item; the item's saved detail is kept with
 * the quantity the answer carries, so the part still opens offline after a fill made online, and
 * after a queued fill syncs it shows the server's quantity, not the one saved before.
 */
let api: FakeHttp;
let harness: Awaited<ReturnType<typeof createHarness>>;

const part = (quantity: number): Part => ({
  id: 3,
  brand: { brand: 'Gates' },
  name: { name: 'Belt' },
  description: { description: 'Drive belt' },
  part_type: { part_type: 'Belt' },
  item_number: 'B-12',
  location: { id: 2, name: 'North' },
  quantity,
  thumbnail_url: null,
  unit_cost: 0,
  reorder_point: null,
  short: quantity < 0,
});

const chemical = (north: number, south: number): Chemical => ({
  id: 5,
  brand: { brand: 'Zep' },
  chemical_name_description: { name: 'Foam', description: 'Pre-soak' },
  chemical_type: { chemical_type: 'Soap' },
  unit: 'gallons',
  thumbnail_url: null,
  locations: [
    { id: 51, location: { id: 2, name: 'North' }, current_quantity: north },
    { id: 52, location: { id: 4, name: 'South' }, current_quantity: south },
  ],
});

beforeEach(async () => {
  api = createFakeHttp();
  api.on('POST', 'auth/jwt/create/', () => json(200, { access: 'A1', refresh: 'R1' }));
  api.on('GET', 'auth/users/me/', () => json(200, testUser()));
  harness = await createHarness(api);
  await harness.core.workerCalls.session.login('tech@example.com', 'pw');
});
afterEach(() => harness.close());

describe("a stocked item's saved detail after a fill or a count", () => {
  it('online: kept with the quantity the answer carries, and the lists holding it dropped', async () => {
    api.on('GET', 'parts/3/', () => json(200, part(4)));
    api.on('GET', 'parts/list/?page=1', () => json(200, { count: 1, next: null, previous: null, results: [part(4)] }));
    api.on('POST', 'parts/partfills/create/', () => json(201, { id: 9, part: 3, date: '2026-11-26', quantity: 2.5, current_quantity: 6.5 }));
    await harness.core.workerCalls.parts.get(3);
    await harness.core.workerCalls.parts.list({ page: 1 });
    const result = await harness.core.workerCalls.parts.recordQuantity({ id: 3, label: 'Part #3' }, { kind: 'fill', quantity: 2.5, date: '2026-11-26' });
    expect(result.status).toBe('done');

    api.down = true;
    const saved = await harness.core.workerCalls.parts.get(3);
    expect(saved).toMatchObject({ fromCache: true, data: part(6.5) });
    await expect(harness.core.workerCalls.parts.list({ page: 1 })).rejects.toMatchObject({ type: 'network' });
  });

  it('queued: once it syncs, the saved detail shows the quantity the server answered', async () => {
    api.on('GET', 'parts/3/', () => json(200, part(4)));
    await harness.core.workerCalls.parts.get(3);
    await harness.core.workerCalls.network.browserOnline(false);
    const queued = await harness.core.workerCalls.parts.recordQuantity({ id: 3, label: 'Part #3' }, { kind: 'inventory', quantity: 10, date: '2026-11-26' });
    expect(queued.status).toBe('queued');

    // Someone else's fill reached the server meanwhile: the count replaces, and the answer says so.
    api.on('POST', 'parts/partinventories/create/', () => json(201, { id: 10, part: 3, date: '2026-11-26', quantity: 10, current_quantity: 10 }));
    await harness.core.workerCalls.network.browserOnline(true);
    await eventually(() => expect(harness.core.state().queue.items.map((i) => i.status)).toEqual(['synced']));

    api.down = true;
    // The item is marked synced just before the saved copies are settled.
    await eventually(async () => expect((await harness.core.workerCalls.parts.get(3)).data.quantity).toBe(10));
    expect(api.callsTo('GET', 'parts/3/')).toHaveLength(1);
  });

  it('a chemical: only the entry the record was made at changes', async () => {
    api.on('GET', 'chemicals/5/', () => json(200, chemical(8, 20)));
    api.on('POST', 'chemicals/chemicalfills/create/', () => json(201, { id: 11, chemical: 5, chemical_location_id: 52, date: '2026-11-26', quantity: 5, current_quantity: 25 }));
    await harness.core.workerCalls.chemicals.get(5);
    await harness.core.workerCalls.chemicals.recordQuantity({ id: 5, label: 'Zep Foam at South' }, { kind: 'fill', quantity: 5, date: '2026-11-26', entryId: 52 });

    api.down = true;
    expect((await harness.core.workerCalls.chemicals.get(5)).data).toEqual(chemical(8, 25));
  });

  it('an item never saved is not made up from the answer', async () => {
    api.on('POST', 'parts/partfills/create/', () => json(201, { id: 12, part: 3, date: '2026-11-26', quantity: 1, current_quantity: 5 }));
    await harness.core.workerCalls.parts.recordQuantity({ id: 3, label: 'Part #3' }, { kind: 'fill', quantity: 1, date: '2026-11-26' });
    api.down = true;
    await expect(harness.core.workerCalls.parts.get(3)).rejects.toMatchObject({ type: 'network' });
  });
});
