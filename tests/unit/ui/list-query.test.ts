import { describe, expect, it } from 'vitest';
import { listUrl, parseListQuery } from '../../../src-ui/screens/workorders/list-query';

describe('work-order list query (?location, ?page, ?q)', () => {
  it('parses the URL, ignoring values that are not positive whole numbers', () => {
    expect(parseListQuery('?location=3&page=2&q=pump')).toEqual({ location: 3, page: 2, q: 'pump' });
    expect(parseListQuery('')).toEqual({ location: null, page: 1, q: '' });
    expect(parseListQuery('location=abc&page=0')).toEqual({ location: null, page: 1, q: '' });
    expect(parseListQuery('location=-4&page=1.5')).toEqual({ location: null, page: 1, q: '' });
  });

  it('writes only what differs from the defaults, and round-trips', () => {
    expect(listUrl({ location: null, page: 1, q: '' })).toBe('/workorder-list');
    expect(listUrl({ location: 12, page: 3, q: 'ice machine' })).toBe('/workorder-list?location=12&page=3&q=ice+machine');
    const query = { location: 5, page: 2, q: 'door & frame' };
    expect(parseListQuery(listUrl(query).split('?')[1]!)).toEqual(query);
  });
});
