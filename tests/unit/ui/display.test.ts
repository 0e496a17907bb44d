import { describe, expect, it } from 'vitest';
import { badgeCount, brandAndName, formatBytes, formatDateTime, formatDuration, formatKilobytes, formatPrice, formatQuantity } from '../../../src-ui/format/display';
import { queueItemTitle, queueStatusText } from '../../../src-ui/format/queue';

describe('display formats (behaviour §9)', () => {
  it('shows dates as month/day/year @ hour:minute AM/PM in local time', () => {
    expect(formatDateTime(new Date(2026, 2, 14, 14, 5).toISOString())).toBe('03/14/2026 @ 02:05 PM');
    expect(formatDateTime(new Date(2026, 11, 1, 0, 30).toISOString())).toBe('12/01/2026 @ 12:30 AM');
    expect(formatDateTime(new Date(2026, 0, 9, 12, 0).toISOString())).toBe('01/09/2026 @ 12:00 PM');
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });

  it('shows quantities with 2 decimals and their unit (behaviour §9: sacks for salt, else gallons)', () => {
    expect(formatQuantity(12)).toBe('12.00');
    expect(formatQuantity(17.255)).toBe('17.26');
    expect(formatQuantity(0.5, 'gallons')).toBe('0.50 gallons');
    expect(formatQuantity(1250, 'sacks')).toBe('1,250.00 sacks');
    expect(formatQuantity(-3, 'gallons')).toBe('-3.00 gallons');
  });

  it('shows prices in dollars and cents, and a stocked item as brand plus name', () => {
    expect(formatPrice(12500.5)).toBe('$12,500.50');
    expect(formatPrice(0)).toBe('$0.00');
    expect(formatPrice(null)).toBe('');
    expect(brandAndName('Kolpak', 'Walk-in Freezer')).toBe('Kolpak Walk-in Freezer');
    expect(brandAndName('', 'Ice Bin')).toBe('Ice Bin');
  });

  it('caps the Offline Activity badge at 99', () => {
    expect(badgeCount(0)).toBe('');
    expect(badgeCount(1)).toBe('1');
    expect(badgeCount(99)).toBe('99');
    expect(badgeCount(100)).toBe('99');
  });

  it('formats sizes and waits', () => {
    expect(formatKilobytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.0 MB');
    expect(formatDuration(4_200)).toBe('5s');
    expect(formatDuration(65_000)).toBe('1m 05s');
    expect(formatDuration(-10)).toBe('0s');
  });
});

describe('queued item texts (behaviour §4 Queued item status)', () => {
  const at = Date.parse('2026-01-01T00:00:00.000Z');
  it('says what each status means', () => {
    expect(queueStatusText({ status: 'queued', lastError: null, retryAt: null }, at)).toBe('Awaiting sync.');
    expect(queueStatusText({ status: 'pending', lastError: null, retryAt: null }, at)).toBe('Attempt in progress.');
    expect(queueStatusText({ status: 'retrying', lastError: null, retryAt: '2026-01-01T00:00:12.000Z' }, at)).toBe('Retrying in 12s.');
    expect(queueStatusText({ status: 'failed', lastError: 'This work order is already claimed by Alex Morgan.', retryAt: null }, at)).toBe(
      'This work order is already claimed by Alex Morgan.',
    );
    expect(queueStatusText({ status: 'failed', lastError: null, retryAt: null }, at)).toBe('Failed');
    expect(queueStatusText({ status: 'synced', lastError: null, retryAt: null }, at)).toBe('Synced.');
  });

  it('names the domain and the action', () => {
    expect(queueItemTitle({ domain: 'workorders', action: 'complete' })).toBe('Work order · Complete');
    expect(queueItemTitle({ domain: 'washes', action: 'create' })).toBe('Wash count · Create');
    // An item queued by a release that knew an area this one does not still gets a readable title.
    expect(queueItemTitle({ domain: 'retired', action: 'create' })).toBe('retired · Create');
  });
});
