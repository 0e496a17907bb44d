/**
 * Visitors' reports at a label (docs/decisions.md: Requests at the label), through the requests
 * area's calls over the real device DB and API client: the form's place kept for offline, a report
 * sent without a connection kept and sent later exactly once under its key, refusals at the form
 * forgetting it, refusals in the background kept with why, and a busy server waited out.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { VisitorRequest } from '../../../shared/areas/requests.js';
import { area } from '../../../src-worker/areas/requests.js';
import { KEPT_REPORT_DAYS } from '../../../src-worker/visitor/visitor-reports.js';
import { createFakeHttp, json, type FakeHttp } from '../helpers/fake-http.js';
import { areaContextOf, createTestServices, type TestServices } from '../helpers/services.js';

let api: FakeHttp;
let s: TestServices;
let calls: ReturnType<typeof area.calls>;
beforeEach(() => {
  api = createFakeHttp();
  s = createTestServices(api);
  calls = area.calls(areaContextOf(s));
});
afterEach(() => s.close());

const FORM = { location: { name: 'Bay 2' }, asset: { name: 'Dryer' } };
const report = (key: string, extra: Partial<VisitorRequest> = {}): VisitorRequest => ({ code: 'A-7', description: 'Blows cold air', name: '', email: '', phone: '', website: '', photo: null, key, ...extra });
const taken = (id: number) => json(201, { id, status_url: `http://app.test/request-status/token-${id}` });

describe("a label's form", () => {
  it('is answered from the device offline once the label was opened, and null for a label never opened', async () => {
    api.on('GET', 'public/requests/form/A-7/', () => json(200, FORM));
    expect(await calls.form('A-7')).toEqual(FORM);
    api.down = true;
    expect(await calls.form('A-7')).toEqual(FORM);
    expect(await calls.form('A-8')).toBeNull();
  });

  it('a label closed since is refused, and its kept place forgotten', async () => {
    api.on('GET', 'public/requests/form/A-7/', () => json(200, FORM));
    await calls.form('A-7');
    api.on('GET', 'public/requests/form/A-7/', () => json(404, { detail: 'This label does not take requests.' }));
    await expect(calls.form('A-7')).rejects.toMatchObject({ status: 404 });
    api.down = true;
    expect(await calls.form('A-7')).toBeNull();
  });
});

describe('a report sent from the form', () => {
  it('is taken at once with a connection, without an account', async () => {
    api.on('POST', 'public/requests/', () => taken(5));
    expect(await calls.send(report('request-key-1'), 'Dryer, at Bay 2')).toEqual({ state: 'sent', taken: { id: 5, status_url: 'http://app.test/request-status/token-5' } });
    const [sent] = api.callsTo('POST', 'public/requests/');
    expect(sent!.headers['idempotency-key']).toBe('request-key-1');
    expect(sent!.headers.authorization).toBeUndefined();
    expect(await calls.keptReports()).toMatchObject([{ key: 'request-key-1', state: 'sent', place: 'Dryer, at Bay 2', taken: { id: 5 } }]);
  });

  it('without a connection is kept, then sent once under the same key when it returns', async () => {
    api.down = true;
    expect(await calls.send(report('request-key-2'), '')).toEqual({ state: 'kept', busy: false });
    expect(await calls.keptReports()).toMatchObject([{ key: 'request-key-2', state: 'waiting', taken: null }]);
    // Still no connection: it keeps waiting.
    expect(await calls.sendKept()).toMatchObject([{ state: 'waiting' }]);

    api.down = false;
    api.on('POST', 'public/requests/', () => taken(6));
    expect(await calls.sendKept()).toMatchObject([{ key: 'request-key-2', state: 'sent', taken: { id: 6 } }]);
    // Nothing waits any more: later visits send nothing.
    await calls.sendKept();
    const posts = api.callsTo('POST', 'public/requests/');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.headers['idempotency-key']).toBe('request-key-2');
    expect(posts[0]!.json).toMatchObject({ code: 'A-7', description: 'Blows cold air' });
  });

  it('keeps its photo on the device and sends it as multipart', async () => {
    api.down = true;
    const photo = { name: 'leak.gif', type: 'image/gif', blob: new Blob([new Uint8Array([71, 73, 70, 56, 57, 97])], { type: 'image/gif' }) };
    await calls.send(report('request-key-3', { photo }), '');
    api.down = false;
    api.on('POST', 'public/requests/', () => taken(7));
    await calls.sendKept();
    const [sent] = api.callsTo('POST', 'public/requests/');
    const file = sent!.form!.get('photo') as File;
    expect(file.name).toBe('leak.gif');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(new Uint8Array([71, 73, 70, 56, 57, 97]));
    expect(sent!.form!.get('description')).toBe('Blows cold air');
  });

  it('refused at the form (a field) is thrown and nothing is kept', async () => {
    api.on('POST', 'public/requests/', () => json(400, { email: ['Enter a valid email address.'] }));
    await expect(calls.send(report('request-key-4', { email: 'x' }), '')).rejects.toMatchObject({ status: 400, fields: { email: ['Enter a valid email address.'] } });
    expect(await calls.keptReports()).toEqual([]);
  });

  it('refused when sent in the background is kept with why, and not sent again', async () => {
    api.down = true;
    await calls.send(report('request-key-5'), '');
    api.down = false;
    api.on('POST', 'public/requests/', () => json(404, { detail: 'This label does not take requests.' }));
    expect(await calls.sendKept()).toMatchObject([{ state: 'refused', refusal: 'This label does not take requests.' }]);
    await calls.sendKept();
    expect(api.callsTo('POST', 'public/requests/')).toHaveLength(1);
  });

  it('a busy server (429) keeps it waiting, and says so at the form', async () => {
    api.on('POST', 'public/requests/', () => json(429, { detail: 'Too many reports.' }));
    expect(await calls.send(report('request-key-6'), '')).toEqual({ state: 'kept', busy: true });
    expect(await calls.sendKept()).toMatchObject([{ state: 'waiting' }]);
    api.on('POST', 'public/requests/', () => taken(8));
    expect(await calls.sendKept()).toMatchObject([{ state: 'sent' }]);
  });

  it('waiting ones go oldest first and stop at the first that still cannot go', async () => {
    api.down = true;
    await calls.send(report('request-key-a'), '');
    s.clock.now += 1000;
    await calls.send(report('request-key-b'), '');
    api.down = false;
    let next = 10;
    api.on('POST', 'public/requests/', (req) => (req.headers['idempotency-key'] === 'request-key-a' ? json(503, { detail: 'Down' }) : taken(next++)));
    expect((await calls.sendKept()).map((r) => r.state)).toEqual(['waiting', 'waiting']);
    expect(api.callsTo('POST', 'public/requests/')).toHaveLength(1);
  });

  it('sent ones are forgotten after the days they are shown; waiting ones never', async () => {
    api.on('POST', 'public/requests/', () => taken(9));
    await calls.send(report('request-key-7'), '');
    api.down = true;
    await calls.send(report('request-key-8'), '');
    s.clock.now += (KEPT_REPORT_DAYS + 1) * 86_400_000;
    expect((await calls.keptReports()).map((r) => r.key)).toEqual(['request-key-8']);
  });
});
