import { beforeEach, describe, expect, it } from 'vitest';
import { isListAddress, listUrl, originListUrl, parseListQuery, positiveInt, rememberLocation, rememberOrigin, rememberedLocation } from '../../../src-ui/kit/list-query';
import { MAINTENANCE_LIST } from '../../../src-ui/screens/maintenance/maintenance-list';
import { WORKORDER_LIST } from '../../../src-ui/screens/workorders/list-query';

/** localStorage and sessionStorage as a browser has them, one fresh pair per test. */
class MemoryStorage {
  private items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

beforeEach(() => {
  Object.assign(globalThis, { localStorage: new MemoryStorage(), sessionStorage: new MemoryStorage() });
});

describe('list query of the list pattern (?location, ?page, search)', () => {
  it("knows its own address, so a list never remembers another screen's filter as its own", () => {
    expect(isListAddress(MAINTENANCE_LIST, '/maintenance-list')).toBe(true);
    expect(isListAddress(MAINTENANCE_LIST, '/maintenance-list/')).toBe(true);
    expect(isListAddress(MAINTENANCE_LIST, '/part-list')).toBe(false);
    expect(isListAddress(MAINTENANCE_LIST, '/maintenance-list-old')).toBe(false);
    expect(isListAddress(MAINTENANCE_LIST, '/maintenance-detail/4')).toBe(false);
    expect(isListAddress(MAINTENANCE_LIST, '/')).toBe(false);
  });

  it('parses the URL, ignoring values that are not positive whole numbers', () => {
    expect(parseListQuery(WORKORDER_LIST, '?location=3&page=2&q=pump')).toEqual({ location: 3, page: 2, search: 'pump' });
    expect(parseListQuery(WORKORDER_LIST, '')).toEqual({ location: null, page: 1, search: '' });
    expect(parseListQuery(WORKORDER_LIST, 'location=abc&page=0')).toEqual({ location: null, page: 1, search: '' });
    expect(parseListQuery(WORKORDER_LIST, 'location=-4&page=1.5')).toEqual({ location: null, page: 1, search: '' });
    expect(positiveInt('9007199254740993')).toBeNull();
  });

  it('names the search as each area does: ?q for work orders, ?search for tasks (behaviour §2)', () => {
    expect(parseListQuery(MAINTENANCE_LIST, '?search=filter&q=other')).toEqual({ location: null, page: 1, search: 'filter' });
    expect(listUrl(MAINTENANCE_LIST, { location: 4, page: 2, search: 'hvac' })).toBe('/maintenance-list?location=4&page=2&search=hvac');
  });

  it('writes only what differs from the defaults, and round-trips', () => {
    expect(listUrl(WORKORDER_LIST, { location: null, page: 1, search: '' })).toBe('/workorder-list');
    expect(listUrl(WORKORDER_LIST, { location: 12, page: 3, search: 'ice machine' })).toBe('/workorder-list?location=12&page=3&q=ice+machine');
    const query = { location: 5, page: 2, search: 'door & frame' };
    expect(parseListQuery(WORKORDER_LIST, listUrl(WORKORDER_LIST, query).split('?')[1]!)).toEqual(query);
  });

  it("remembers the chosen location under the area's own key (behaviour §3), and forgets it for All", () => {
    rememberLocation(MAINTENANCE_LIST, 1102);
    expect(localStorage.getItem('maintenanceSelectedLocation')).toBe('1102');
    expect(rememberedLocation(MAINTENANCE_LIST)).toBe(1102);
    expect(rememberedLocation(WORKORDER_LIST)).toBeNull();
    rememberLocation(MAINTENANCE_LIST, null);
    expect(rememberedLocation(MAINTENANCE_LIST)).toBeNull();
  });

  it("sends a detail's Back to the list it was opened from, and only to that area's list", () => {
    expect(originListUrl(MAINTENANCE_LIST)).toBe('/maintenance-list');
    rememberOrigin(MAINTENANCE_LIST, '/maintenance-list?location=4&page=2');
    expect(originListUrl(MAINTENANCE_LIST)).toBe('/maintenance-list?location=4&page=2');
    rememberOrigin(WORKORDER_LIST, '/maintenance-list?page=3');
    expect(originListUrl(WORKORDER_LIST)).toBe('/workorder-list');
  });
});
