/** Dates, times and numbers in the active language (docs/i18n.md): Spanish by Intl, English as the spec has it. */
import { afterAll, describe, expect, it } from 'vitest';
import { setupI18n } from '@lingui/core';
import { activateMessages } from '../../../shared/i18n/translate';
import { formatBytes, formatDate, formatDateTime, formatKilobytes, formatPrice, formatQuantity, formatReading } from '../../../src-ui/format/display';

const at = new Date(2026, 2, 14, 14, 5).toISOString();

function english() {
  expect(formatDateTime(at)).toBe('03/14/2026 @ 02:05 PM');
  expect(formatDate('2026-03-14')).toBe('03/14/2026');
  expect(formatPrice(1250)).toBe('$1,250.00');
  expect(formatQuantity(12.5)).toBe('12.50');
  expect(formatQuantity(1250, 'sacks')).toBe('1,250.00 sacks');
  expect(formatReading(12480)).toBe('12,480');
  expect(formatReading(180.5)).toBe('180.5');
  expect(formatKilobytes(1536)).toBe('1.5 KB');
}

describe('display formats in the active language', () => {
  afterAll(() => activateMessages('en', {}));

  it('gives the spec US forms in English', () => {
    activateMessages('en', {});
    english();
  });

  it('gives Spanish dates and numbers in Spanish', () => {
    activateMessages('es', {}, setupI18n);
    expect(formatDateTime(at)).toBe('14/03/2026, 14:05');
    expect(formatDateTime(new Date(2026, 11, 1, 0, 30).toISOString())).toBe('01/12/2026, 00:30');
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
    expect(formatDate('2026-03-14')).toBe('14/03/2026');
    expect(formatDate(null)).toBe('');
    expect(formatQuantity(12.5)).toBe('12,50');
    expect(formatQuantity(1250.5)).toBe('1250,50');
    expect(formatQuantity(12480)).toBe('12.480,00');
    expect(formatReading(12480)).toBe('12.480');
    expect(formatReading(180.5)).toBe('180,5');
    // Prices stay US dollars, named as such; Intl puts a no-break space before the currency.
    expect(formatPrice(1250)).toBe('1250,00\u00a0US$');
    expect(formatPrice(12500.5)).toBe('12.500,50\u00a0US$');
    expect(formatPrice(null)).toBe('');
    expect(formatKilobytes(1536)).toBe('1,5 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5,0 MB');
  });

  it('gives English unchanged again once back in English', () => {
    activateMessages('es', {}, setupI18n);
    activateMessages('en', {});
    english();
  });

  it('keeps the US forms in the pseudo-locale of the tests', () => {
    activateMessages('en-XA', {}, setupI18n);
    expect(formatDateTime(at)).toBe('03/14/2026 @ 02:05 PM');
    expect(formatDate('2026-03-14')).toBe('03/14/2026');
    expect(formatPrice(1250)).toBe('$1,250.00');
    expect(formatReading(12480)).toBe('12,480');
  });
});
