import { describe, expect, it } from 'vitest';
import { QUEUE_ITEM_LIMIT_BYTES, QUEUE_TOTAL_LIMIT_BYTES } from '../../../shared/constants.js';
import { backoffDelayMs, isStillVisible, mutationByteSize, queueLimitError, utf8ByteLength } from '../../../shared/data/queue-policy.js';

describe('queue item size (behaviour §5)', () => {
  it('is the JSON payload in UTF-8 bytes, the attachments and 512 bytes', () => {
    expect(mutationByteSize({ a: 'é' }, [])).toBe('{"a":"é"}'.length + 1 + 512);
    expect(mutationByteSize(null, [1000, 24])).toBe(4 + 1024 + 512);
    expect(utf8ByteLength('a€😀')).toBe(1 + 3 + 4);
  });
});

describe('queue limits (behaviour §5, 8, 9)', () => {
  it('refuses an item over 5 MB with QUEUE_ITEM_TOO_LARGE', () => {
    expect(queueLimitError(QUEUE_ITEM_LIMIT_BYTES, 0)).toBeNull();
    expect(queueLimitError(QUEUE_ITEM_LIMIT_BYTES + 1, 0)).toMatchObject({ type: 'queue', code: 'QUEUE_ITEM_TOO_LARGE', message: 'Queue item exceeds per-item storage limit' });
  });

  it('refuses an item that would take the queue over 30 MB with QUEUE_TOTAL_LIMIT', () => {
    expect(queueLimitError(1_000, QUEUE_TOTAL_LIMIT_BYTES - 1_000)).toBeNull();
    expect(queueLimitError(1_001, QUEUE_TOTAL_LIMIT_BYTES - 1_000)).toMatchObject({ code: 'QUEUE_TOTAL_LIMIT', message: 'Offline queue storage limit reached' });
  });
});

describe('retry backoff (behaviour §9)', () => {
  it('starts at 3 s, doubles with each attempt and stops at 60 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 50, 5000].map(backoffDelayMs)).toEqual([3_000, 6_000, 12_000, 24_000, 48_000, 60_000, 60_000, 60_000, 60_000]);
  });
});

describe('panel visibility (docs/decisions.md: Queue constants)', () => {
  const at = Date.parse('2026-01-01T12:00:00.000Z');
  it('keeps synced items 1 h and failed ones 24 h; active ones always', () => {
    const finished = (ms: number) => new Date(at - ms).toISOString();
    expect(isStillVisible({ status: 'synced', finishedAt: finished(59 * 60_000) }, at)).toBe(true);
    expect(isStillVisible({ status: 'synced', finishedAt: finished(60 * 60_000) }, at)).toBe(false);
    expect(isStillVisible({ status: 'failed', finishedAt: finished(23 * 3_600_000) }, at)).toBe(true);
    expect(isStillVisible({ status: 'failed', finishedAt: finished(24 * 3_600_000) }, at)).toBe(false);
    expect(isStillVisible({ status: 'retrying', finishedAt: null }, at)).toBe(true);
  });
});
