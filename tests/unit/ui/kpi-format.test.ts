import { describe, expect, it } from 'vitest';
import {
  barPercent,
  chemicalListHref,
  countOf,
  formatMeanTime,
  formatMonth,
  formatPerThousand,
  formatShare,
  taskListHref,
  workOrderListHref,
} from '../../../src-ui/screens/home/kpi-format';

describe('key figures on /home: how they read', () => {
  it('gives a mean time in minutes under an hour, hours under two days, else days', () => {
    expect(formatMeanTime(null)).toBe('—');
    expect(formatMeanTime(0)).toBe('0 min');
    expect(formatMeanTime(29 * 60 + 40)).toBe('30 min');
    expect(formatMeanTime(3600)).toBe('1.0 h');
    expect(formatMeanTime(73_200)).toBe('20.3 h');
    expect(formatMeanTime(47.9 * 3600)).toBe('47.9 h');
    expect(formatMeanTime(48 * 3600)).toBe('2.0 days');
    expect(formatMeanTime(5 * 86_400 + 43_200)).toBe('5.5 days');
  });

  it('gives shares as whole percentages and amounts per 1,000 cars to 2 decimals, a dash where there is nothing', () => {
    expect(formatShare(null)).toBe('—');
    expect(formatShare(2 / 3)).toBe('67%');
    expect(formatShare(1)).toBe('100%');
    expect(formatPerThousand(null)).toBe('—');
    expect(formatPerThousand(12)).toBe('12.00');
    expect(formatPerThousand(1234.5)).toBe('1,234.50');
  });

  it('names months and counts', () => {
    expect(formatMonth('2026-03')).toBe('Mar 2026');
    expect(formatMonth('2025-12')).toBe('Dec 2025');
    expect(countOf(1, 'order', 'orders')).toBe('1 order');
    expect(countOf(1200, 'order', 'orders')).toBe('1,200 orders');
  });

  it('draws bars against the largest, a sliver for anything above nothing', () => {
    expect(barPercent(0, 10)).toBe(0);
    expect(barPercent(5, 0)).toBe(0);
    expect(barPercent(10, 10)).toBe(100);
    expect(barPercent(1, 1000)).toBe(2);
    expect(barPercent(1, 3)).toBe(33);
  });

  it('opens each list with the filter it has: a location', () => {
    expect(workOrderListHref()).toBe('/workorder-list');
    expect(workOrderListHref(7)).toBe('/workorder-list?location=7');
    expect(taskListHref()).toBe('/maintenance-list');
    expect(taskListHref(3)).toBe('/maintenance-list?location=3');
    expect(chemicalListHref(1102)).toBe('/chemical-list?location=1102');
  });
});
