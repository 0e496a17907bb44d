import { describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../../../shared/api/activity';
import { byline, changeText, detailLines, fieldLabel, headline, HISTORY_TEXTS } from '../../../src-ui/kit/history-text';

const fran = { id: 7, first_name: 'Fran', last_name: 'Fixer' };
const entry = (over: Partial<ActivityEntry>): ActivityEntry => ({ id: 1, kind: 'created', at: '2026-03-15T12:00:00.000Z', actor: fran, details: {}, ...over });

describe('the words of a history entry', () => {
  it('says what happened, who and when', () => {
    expect(headline(entry({ kind: 'claimed' }))).toBe('Claimed');
    // A work order's start says where it came from: a task's completion, or a visitor's request.
    expect(headline(entry({ details: { follow_up_of_task: 4 } }))).toBe('Created by the completion of Task #4');
    expect(headline(entry({ details: { from_request: 9 } }))).toBe('Created from Request #9');
    expect(byline(entry({}))).toMatch(/^Fran Fixer · \d{2}\/\d{2}\/2026 @ \d{2}:\d{2} (AM|PM)$/);
    expect(byline(entry({ actor: null }))).toMatch(new RegExp(`^${HISTORY_TEXTS.noActor} · `));
  });

  it('names each changed field with its value before and after, as the screens show values', () => {
    expect(changeText({ field: 'description', old: 'Old', new: 'New' })).toBe('Description: Old → New');
    expect(changeText({ field: 'task_notes', old: null, new: 'Ground floor' })).toBe('Task Notes: (empty) → Ground floor');
    expect(changeText({ field: 'due_date', old: '2026-03-01', new: '2026-04-01' })).toBe('Due Date: 03/01/2026 → 04/01/2026');
    expect(changeText({ field: 'purchase_price', old: null, new: 1200 })).toBe('Purchase Price: (empty) → $1,200.00');
    expect(changeText({ field: 'full_feature_access', old: false, new: true })).toBe('Full access: No → Yes');
    expect(changeText({ field: 'thumbnail', old: null, new: null })).toBe('Thumbnail: changed');
    expect(fieldLabel('some_new_field')).toBe('Some new field');
  });

  it('heads a move with where to, and lists the location change below', () => {
    const moved = entry({ kind: 'moved', details: { changes: [{ field: 'location', old: { id: 1, name: 'Store A' }, new: { id: 2, name: 'Store B' } }] } });
    expect(headline(moved)).toBe('Moved to Store B');
    expect(detailLines(moved)).toEqual(['Location: Store A → Store B']);
  });

  it('shows the notes of a completion and the quantities of fills, counts and wash counts', () => {
    expect(detailLines(entry({ kind: 'completed', details: { field_notes: 'Replaced the washer' } }))).toEqual(['Field Notes: Replaced the washer']);
    expect(detailLines(entry({ kind: 'completed', details: { field_notes: null } }))).toEqual([]);
    const fill = entry({ kind: 'filled', details: { quantity: 3, stock_after: 5.5, location: { id: 3, name: 'Wash A' }, date: '2026-03-15' } });
    expect(headline(fill)).toBe('Filled: 3.00');
    expect(detailLines(fill)).toEqual(['Quantity after: 5.50', 'Location: Wash A', 'Date: 03/15/2026']);
    expect(headline(entry({ kind: 'counted', details: { quantity: 4.5 } }))).toBe('Inventory counted: 4.50');
    const wash = entry({ kind: 'wash_counted', details: { wash_package: 'Basic', count: 42, date: '2026-03-15', location: { id: 3, name: 'Wash A' } } });
    expect(headline(wash)).toBe('Wash count recorded: Basic 42');
    expect(detailLines(wash)).toEqual(['Date: 03/15/2026']);
  });

  it("tells of an asset's meters: added, read (a reset with why), voided, removed", () => {
    expect(headline(entry({ kind: 'meter_added', details: { meter: 'Run hours', unit: 'hours' } }))).toBe('Meter added: Run hours (hours)');
    const read = entry({ kind: 'meter_read', details: { meter: 'Cars washed', unit: 'cars', value: 12480, taken_at: '2026-03-15T12:00:00.000Z', reset: false, reason: null } });
    expect(headline(read)).toBe('Meter read: Cars washed 12,480 cars');
    expect(detailLines(read)).toEqual([expect.stringMatching(/^Taken: 03\/15\/2026 @ \d{2}:00 (AM|PM)$/)]);
    const reset = entry({ kind: 'meter_read', details: { meter: 'Run hours', unit: 'hours', value: 0.5, taken_at: '2026-03-15T12:00:00.000Z', reset: true, reason: 'Counter replaced' } });
    expect(headline(reset)).toBe('Meter read: Run hours 0.5 hours');
    expect(detailLines(reset).slice(1)).toEqual(['Reset: the meter was replaced or rolled over', 'Reason: Counter replaced']);
    expect(headline(entry({ kind: 'reading_voided', details: { meter: 'Run hours', unit: 'hours', value: 99, taken_at: '2026-03-15T12:00:00.000Z', reason: 'Misread' } }))).toBe('Reading voided: Run hours 99 hours');
    expect(headline(entry({ kind: 'meter_removed', details: { meter: 'Run hours', unit: 'hours' } }))).toBe('Meter removed: Run hours (hours)');
  });
});
