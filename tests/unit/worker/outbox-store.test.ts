import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { QUEUE_ITEM_LIMIT_BYTES } from '../../../shared/constants.js';
import { createFakeHttp } from '../helpers/fake-http.js';
import { createTestServices, type TestServices } from '../helpers/services.js';

let s: TestServices;
beforeEach(() => {
  s = createTestServices(createFakeHttp());
});
afterEach(() => s.close());

const blobOf = (bytes: number, type = 'image/png') => new Blob([new Uint8Array(bytes)], { type });

describe('enqueueMutation', () => {
  it('requires a domain and an action', async () => {
    await expect(s.outbox.enqueueMutation({ domain: '', action: 'claim' })).rejects.toMatchObject({ type: 'queue', message: 'enqueueMutation requires domain and action' });
    await expect(s.outbox.enqueueMutation({ domain: 'workorders', action: '' })).rejects.toMatchObject({ message: 'enqueueMutation requires domain and action' });
    expect(await s.db.outbox.count()).toBe(0);
  });

  it('stores the item queued, with its size, an idempotency key and its attachments as blobs', async () => {
    const row = await s.outbox.enqueueMutation({
      domain: 'workorders',
      action: 'create',
      payload: { location_id: 3, description: 'Leak' },
      attachments: [{ name: 'photo.png', type: 'image/png', blob: blobOf(2048) }, { blob: blobOf(10, '') }],
    });
    const stored = await s.db.outbox.get(row.id);
    expect(stored).toMatchObject({ status: 'queued', retryCount: 0, retryAt: null, lastError: null, targetId: null });
    expect(stored!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(stored!.byteSize).toBe(JSON.stringify({ location_id: 3, description: 'Leak' }).length + 2048 + 10 + 512);
    expect(stored!.attachments.map((a) => [a.name, a.type, a.size])).toEqual([
      ['photo.png', 'image/png', 2048],
      ['attachment', 'application/octet-stream', 10],
    ]);
    const blob = stored!.attachments[0]!.blob as Blob;
    expect(blob).toBeInstanceOf(Blob);
    expect((await blob.arrayBuffer()).byteLength).toBe(2048);
  });

  it('refuses an item over 5 MB with QUEUE_ITEM_TOO_LARGE', async () => {
    await expect(s.outbox.enqueueMutation({ domain: 'workorders', action: 'create', attachments: [{ blob: blobOf(QUEUE_ITEM_LIMIT_BYTES) }] })).rejects.toMatchObject({
      code: 'QUEUE_ITEM_TOO_LARGE',
      message: 'Queue item exceeds per-item storage limit',
    });
  });

  it('refuses an item past the 30 MB total with QUEUE_TOTAL_LIMIT; finished items do not count', async () => {
    const big = () => ({ domain: 'workorders', action: 'create', attachments: [{ blob: blobOf(4 * 1024 * 1024) }] });
    const rows = [];
    for (let i = 0; i < 7; i++) rows.push(await s.outbox.enqueueMutation(big()));
    await expect(s.outbox.enqueueMutation(big())).rejects.toMatchObject({ code: 'QUEUE_TOTAL_LIMIT', message: 'Offline queue storage limit reached' });
    await s.db.outbox.update(rows[0]!.id, { status: 'synced', finishedAt: new Date(s.clock.now).toISOString() });
    await expect(s.outbox.enqueueMutation(big())).resolves.toMatchObject({ status: 'queued' });
  });
});

describe('queue order', () => {
  it('keeps the order of writes made within one millisecond, so a claim is sent before its complete', async () => {
    // The test clock stands still, as a fast device's does between two taps' writes.
    const actions = Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? 'claim' : 'complete'));
    for (const [i, action] of actions.entries()) await s.outbox.enqueueMutation({ domain: 'workorders', action, targetId: String(i) });
    const active = await s.outbox.active();
    expect(active.map((r) => [r.action, r.targetId])).toEqual(actions.map((a, i) => [a, String(i)]));
    expect(new Set(active.map((r) => r.createdAt)).size).toBe(actions.length);
  });
});

describe('queue view and stats', () => {
  it('counts only items still to send, and shows finished ones while they are visible', async () => {
    const a = await s.outbox.enqueueMutation({ domain: 'workorders', action: 'claim', targetId: '1', targetLabel: 'Work order #1' });
    s.clock.now += 1;
    const b = await s.outbox.enqueueMutation({ domain: 'workorders', action: 'complete', targetId: '2', payload: { field_notes: 'ok' } });
    await s.db.outbox.update(b.id, { status: 'synced', finishedAt: new Date(s.clock.now).toISOString() });
    const stats = await s.outbox.stats();
    expect(stats).toMatchObject({ totalItems: 1, totalBytes: a.byteSize });
    expect((await s.outbox.views()).map((v) => [v.id, v.status, v.targetLabel])).toEqual([
      [a.id, 'queued', 'Work order #1'],
      [b.id, 'synced', null],
    ]);
    s.clock.now += 60 * 60_000;
    expect((await s.outbox.views()).map((v) => v.id)).toEqual([a.id]);
    expect(await s.outbox.purgeFinished()).toBe(1);
    expect(await s.db.outbox.count()).toBe(1);
  });
});
