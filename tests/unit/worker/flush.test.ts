import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OutboxRow } from '../../../shared/data/db-schema.js';
import { networkError, normalizeHttpError } from '../../../shared/data/errors.js';
import { flushOutbox, type FlushDeps, type FlushOutcome } from '../../../src-worker/outbox/flush.js';
import { HandlerRegistry, type MutationHandler } from '../../../src-worker/outbox/handlers.js';
import type { NewMutation } from '../../../src-worker/outbox/outbox-store.js';
import { createFakeHttp, json, type FakeHttp } from '../helpers/fake-http.js';
import { createTestServices, type TestServices } from '../helpers/services.js';

let api: FakeHttp;
let s: TestServices;
let registry: HandlerRegistry;
let toasts: { severity: string; detail: string }[];
let synced: [string, string[]][];

beforeEach(() => {
  api = createFakeHttp();
  s = createTestServices(api);
  registry = new HandlerRegistry();
  toasts = [];
  synced = [];
});
afterEach(() => s.close());

function deps(handlers: HandlerRegistry = registry): FlushDeps {
  return {
    db: s.db,
    http: s.http,
    cache: s.cache,
    workingSet: s.workingSet,
    handlers,
    now: () => s.clock.now,
    onItemChanged: () => undefined,
    onToast: (t) => toasts.push(t),
    onSynced: (area, ids) => synced.push([area, ids]),
  };
}

async function enqueue(m: Partial<NewMutation> = {}): Promise<OutboxRow> {
  s.clock.now += 1; // distinct createdAt, so the order is the order of enqueueing
  return s.outbox.enqueueMutation({ domain: 'workorders', action: 'claim', targetId: '12', ...m });
}

const row = async (id: string) => (await s.db.outbox.get(id))!;

function handler(send: MutationHandler['send']): MutationHandler {
  return { send, invalidates: (item) => ({ prefixes: ['workorders/?'], keys: item.targetId ? [`workorders/${item.targetId}/`] : [] }) };
}

describe('flush transitions (behaviour §4)', () => {
  it('queued → pending → synced: stats, cache and the synced event follow', async () => {
    const item = await enqueue();
    await s.cache.put('workorders/?page=1', { results: [] });
    await s.cache.put('workorders/12/', { id: 12 });
    await s.cache.put('locations/all', []);
    const seenDuringSend: string[] = [];
    registry.register(
      'workorders',
      'claim',
      handler(async (sent) => {
        seenDuringSend.push((await row(sent.id)).status);
      }),
    );

    const outcome = await flushOutbox(deps());

    expect(outcome).toMatchObject({ status: 'done', sent: 1, failed: 0, stoppedBy: null, nextRetryAt: null });
    expect(seenDuringSend).toEqual(['pending']);
    expect(await row(item.id)).toMatchObject({ status: 'synced', lastError: null, finishedAt: new Date(s.clock.now).toISOString() });
    expect(await s.outbox.stats()).toMatchObject({ totalItems: 0, totalBytes: 0, lastFlushAt: new Date(s.clock.now).toISOString() });
    expect(await s.cache.get('workorders/?page=1')).toBeNull();
    expect(await s.cache.get('workorders/12/')).toBeNull();
    expect(await s.cache.get('locations/all')).not.toBeNull();
    expect(synced).toEqual([['workorders', ['12']]]);
  });

  it('sends items in the order they were queued', async () => {
    const order: string[] = [];
    registry.register('workorders', 'claim', handler(async (i) => void order.push(`claim ${i.targetId}`)));
    registry.register('workorders', 'complete', handler(async (i) => void order.push(`complete ${i.targetId}`)));
    await enqueue({ targetId: '3' });
    await enqueue({ action: 'complete', targetId: '3' });
    await enqueue({ targetId: '1' });
    await flushOutbox(deps());
    expect(order).toEqual(['claim 3', 'complete 3', 'claim 1']);
  });

  it('a retryable failure → retrying, retryCount + 1, retry in 3 s, and the flush stops', async () => {
    const first = await enqueue({ targetId: '1' });
    const second = await enqueue({ targetId: '2' });
    const calls: string[] = [];
    registry.register(
      'workorders',
      'claim',
      handler(async (i) => {
        calls.push(i.targetId!);
        throw networkError();
      }),
    );

    const outcome = await flushOutbox(deps());

    expect(outcome).toMatchObject({ status: 'done', sent: 0, stoppedBy: 'retryable', nextRetryAt: s.clock.now + 3_000 });
    expect(calls).toEqual(['1']);
    expect(await row(first.id)).toMatchObject({ status: 'retrying', retryCount: 1, retryAt: new Date(s.clock.now + 3_000).toISOString(), lastError: networkError().message });
    expect(await row(second.id)).toMatchObject({ status: 'queued', retryCount: 0 });
    expect(toasts).toEqual([]);
  });

  it('backs off 3, 6, 12, 24, 48, 60, 60 s and skips the item until its time comes', async () => {
    const item = await enqueue();
    let attempts = 0;
    registry.register(
      'workorders',
      'claim',
      handler(async () => {
        attempts += 1;
        throw normalizeHttpError(503, null);
      }),
    );
    const waits: number[] = [];
    for (let i = 0; i < 7; i++) {
      await flushOutbox(deps());
      const { retryAt, retryCount } = await row(item.id);
      expect(retryCount).toBe(i + 1);
      const wait = Date.parse(retryAt!) - s.clock.now;
      waits.push(wait / 1000);
      s.clock.now += wait - 1;
      await flushOutbox(deps()); // one millisecond early: not sent
      expect(attempts).toBe(i + 1);
      s.clock.now += 1;
    }
    expect(waits).toEqual([3, 6, 12, 24, 48, 60, 60]);
  });

  it('a non-retryable failure → failed with the server message, an error toast, and the flush goes on', async () => {
    const refused = await enqueue({ targetId: '1' });
    const next = await enqueue({ targetId: '2' });
    registry.register(
      'workorders',
      'claim',
      handler(async (i) => {
        if (i.targetId === '1') throw normalizeHttpError(409, { detail: 'This work order is already claimed by Ann Smith.' });
      }),
    );

    const outcome = await flushOutbox(deps());

    expect(outcome).toMatchObject({ sent: 1, failed: 1, stoppedBy: null });
    expect(await row(refused.id)).toMatchObject({ status: 'failed', lastError: 'This work order is already claimed by Ann Smith.', retryAt: null });
    expect(await row(next.id)).toMatchObject({ status: 'synced' });
    expect(toasts).toEqual([{ severity: 'error', summary: 'Error', detail: 'This work order is already claimed by Ann Smith.' }]);
    expect(await s.db.getMeta('queueError')).toBe('This work order is already claimed by Ann Smith.');
    expect(await s.outbox.stats()).toMatchObject({ totalItems: 0 });
  });

  it('a 403 or 404 answer fails the item with its text but raises no toast (behaviour §8: not notified)', async () => {
    const forbidden = await enqueue({ targetId: '1' });
    const gone = await enqueue({ targetId: '2' });
    registry.register(
      'workorders',
      'claim',
      handler(async (i) => {
        if (i.targetId === '1') throw normalizeHttpError(403, { detail: 'You do not have permission to perform this action.' });
        throw normalizeHttpError(404, { detail: 'Not found.' });
      }),
    );

    const outcome = await flushOutbox(deps());

    expect(outcome).toMatchObject({ sent: 0, failed: 2, stoppedBy: null });
    expect(await row(forbidden.id)).toMatchObject({ status: 'failed', lastError: 'You do not have permission to perform this action.' });
    expect(await row(gone.id)).toMatchObject({ status: 'failed', lastError: 'Not found.' });
    expect(toasts).toEqual([]);
  });

  it('an item without a handler fails with NO_HANDLER', async () => {
    const item = await enqueue({ action: 'explode' });
    await flushOutbox(deps());
    expect(await row(item.id)).toMatchObject({ status: 'failed', lastError: 'No handler registered for workorders:explode' });
    expect(toasts.map((t) => t.detail)).toEqual(['No handler registered for workorders:explode']);
  });

  it('a write the server is still running (409 on its Idempotency-Key) is retried later', async () => {
    const item = await enqueue();
    registry.register(
      'workorders',
      'claim',
      handler(async () => {
        throw normalizeHttpError(409, { detail: 'A request with this Idempotency-Key is still being processed.', code: 'request_in_flight' });
      }),
    );
    await flushOutbox(deps());
    expect(await row(item.id)).toMatchObject({ status: 'retrying', retryCount: 1 });
  });

  it('an ended session stops the flush and keeps the item queued for the next sign-in', async () => {
    const item = await enqueue();
    registry.register(
      'workorders',
      'claim',
      handler(async () => {
        throw normalizeHttpError(401, null);
      }),
    );
    expect(await flushOutbox(deps())).toMatchObject({ stoppedBy: 'session' });
    expect(await row(item.id)).toMatchObject({ status: 'queued', retryCount: 0 });
  });

  it('a waiting item holds back later writes for the same target, not others', async () => {
    const claim = await enqueue({ targetId: '5' });
    await s.db.outbox.update(claim.id, { status: 'retrying', retryCount: 1, retryAt: new Date(s.clock.now + 3_000).toISOString() });
    const complete = await enqueue({ action: 'complete', targetId: '5' });
    const other = await enqueue({ targetId: '6' });
    const sent: string[] = [];
    for (const action of ['claim', 'complete']) registry.register('workorders', action, handler(async (i) => void sent.push(`${i.action} ${i.targetId}`)));

    await flushOutbox(deps());

    expect(sent).toEqual(['claim 6']);
    expect((await row(complete.id)).status).toBe('queued');
    expect((await row(other.id)).status).toBe('synced');
    expect(synced).toEqual([['workorders', ['6']]]);
  });

  it('reports a target synced only once no write for it is left', async () => {
    await enqueue({ targetId: '8' });
    await enqueue({ action: 'complete', targetId: '8' });
    registry.register('workorders', 'claim', handler(async () => undefined));
    registry.register(
      'workorders',
      'complete',
      handler(async () => {
        throw networkError();
      }),
    );
    await flushOutbox(deps());
    expect(synced).toEqual([]);
  });
});

describe('one flush at a time', () => {
  it('a second flush while one runs finds the lock taken and sends nothing', async () => {
    await enqueue({ targetId: '1' });
    await enqueue({ targetId: '2' });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const sends: string[] = [];
    registry.register(
      'workorders',
      'claim',
      handler(async (i) => {
        sends.push(i.targetId!);
        await gate;
      }),
    );

    const first = flushOutbox(deps());
    await new Promise((r) => setTimeout(r, 20));
    const second: FlushOutcome = await flushOutbox(deps());
    release();

    expect(second).toEqual({ status: 'busy' });
    expect(await first).toMatchObject({ status: 'done', sent: 2 });
    expect(sends).toEqual(['1', '2']);
  });
});

describe('work-order handlers', () => {
  it('create replays the multipart body with the stored blobs and the item’s Idempotency-Key', async () => {
    await s.session.signIn({ access: 'A1', refresh: 'R1' }, { id: 7, email: 't@x.io', first_name: 'T', last_name: 'X', full_feature_access: true, is_staff: false, userInfo: { full_name: 'T X', date_joined: '', last_login: null }, language: null });
    api.on('POST', 'workorders/', () => json(201, { id: 41 }));
    const item = await s.outbox.enqueueMutation({
      domain: 'workorders',
      action: 'create',
      payload: { location_id: 3, description: 'Broken pump' },
      attachments: [
        { name: 'a.png', type: 'image/png', blob: new Blob(['png-bytes'], { type: 'image/png' }) },
        { name: 'b.pdf', type: 'application/pdf', blob: new Blob(['%PDF'], { type: 'application/pdf' }) },
      ],
    });

    await flushOutbox(deps(s.handlers));

    const [call] = api.callsTo('POST', 'workorders/');
    expect(call!.headers['idempotency-key']).toBe(item.idempotencyKey);
    expect(call!.headers.authorization).toBe('Bearer A1');
    expect(call!.form!.get('location_id')).toBe('3');
    expect(call!.form!.get('description')).toBe('Broken pump');
    const files = call!.form!.getAll('new_attachments') as File[];
    expect(files.map((f) => f.name)).toEqual(['a.png', 'b.pdf']);
    expect(await files[0]!.text()).toBe('png-bytes');
    expect(synced).toEqual([['workorders', ['41']]]);
  });

  it('claim, unclaim and complete post to their paths; complete carries the field notes', async () => {
    await s.session.signIn({ access: 'A1', refresh: 'R1' }, { id: 7, email: 't@x.io', first_name: 'T', last_name: 'X', full_feature_access: true, is_staff: false, userInfo: { full_name: 'T X', date_joined: '', last_login: null }, language: null });
    api.on('POST', /^workorders\/12\/(claim|unclaim|complete)\/$/, () => json(200, { id: 12 }));
    await enqueue({ action: 'claim' });
    await enqueue({ action: 'unclaim' });
    await enqueue({ action: 'complete', payload: { field_notes: 'Replaced the seal' } });
    await flushOutbox(deps(s.handlers));
    expect(api.calls.map((c) => [c.path, c.json])).toEqual([
      ['workorders/12/claim/', {}],
      ['workorders/12/unclaim/', {}],
      ['workorders/12/complete/', { field_notes: 'Replaced the seal' }],
    ]);
    expect(new Set(api.calls.map((c) => c.headers['idempotency-key'])).size).toBe(3);
  });
});
