import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AreaContext } from '../../../src-worker/kit/area-context.js';
import { recordsAt } from '../../../src-worker/kit/records.js';
import { BASE_URL, createFakeHttp, json, type FakeHttp } from '../helpers/fake-http.js';
import { areaContextOf, createTestServices, type TestServices } from '../helpers/services.js';

let api: FakeHttp;
let s: TestServices;
let ctx: AreaContext;
/** Any area's records: nothing here is particular to work orders. */
const tasks = recordsAt<{ id: number; name: string }>('maintenance/');

beforeEach(() => {
  api = createFakeHttp();
  s = createTestServices(api);
  ctx = areaContextOf(s);
});
afterEach(() => s.close());

const page = (results: { id: number; name: string }[], next: string | null = null) => ({ count: results.length, next, previous: null, results });

describe('generic reads of an area (src-worker/kit/records.ts)', () => {
  it('builds list paths: page first, empty filters left out, text trimmed', () => {
    expect(tasks.listPath(undefined)).toBe('maintenance/?page=1');
    expect(tasks.listPath(0, { location: null, search: '   ' })).toBe('maintenance/?page=1');
    expect(tasks.listPath(3, { location: 7, search: ' pump  seal ' })).toBe('maintenance/?page=3&location=7&search=pump++seal');
    expect(tasks.detailPath(12)).toBe('maintenance/12/');
  });

  it('"all" follows next across pages and is saved under one key', async () => {
    api.on('GET', 'maintenance/?page=1', () => json(200, page([{ id: 1, name: 'a' }], `${BASE_URL}maintenance/?page=2`)));
    api.on('GET', 'maintenance/?page=2', () => json(200, page([{ id: 2, name: 'b' }])));
    const all = await tasks.all(ctx);
    expect(all.data.map((t) => t.id)).toEqual([1, 2]);
    expect((await s.cache.get('maintenance/all'))?.data).toEqual(all.data);
  });

  it('a record never opened is found in a saved list page when the network fails', async () => {
    api.on('GET', 'maintenance/?page=2&search=seal', () => json(200, page([{ id: 41, name: 'Replace seal' }])));
    await tasks.list(ctx, 2, { search: 'seal' });
    api.down = true;
    const detail = await tasks.get(ctx, 41);
    expect(detail).toMatchObject({ data: { id: 41, name: 'Replace seal' }, fromCache: true });
    await expect(tasks.get(ctx, 42)).rejects.toMatchObject({ type: 'network' });
  });

  it('after a write: every list page and the record detail are stale, the answer is its fresh copy', () => {
    expect(tasks.staleAfterWrite({ targetId: '41', payload: null, attachments: [], idempotencyKey: 'k' })).toEqual({ prefixes: ['maintenance/?'], keys: ['maintenance/all', 'maintenance/41/'] });
    expect(tasks.staleAfterWrite({ targetId: null, payload: null, attachments: [], idempotencyKey: 'k' })).toEqual({ prefixes: ['maintenance/?'], keys: ['maintenance/all'] });
    expect(tasks.savesRecord({ id: 41, name: 'x' })).toEqual({ key: 'maintenance/41/', id: '41' });
  });
});
