import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenOnLoopback, rawRequest } from '../helpers/raw-http.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';

let t: TestApp;
let full: TestUser;
let clientDir: string;
const INDEX = '<!doctype html><html><head><title>Maintenance Manager</title></head><body><div id="root"></div></body></html>';
const SCRIPT = 'console.log("app");\n';

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'cmms-client-'));
  writeFileSync(join(clientDir, 'index.html'), INDEX);
  mkdirSync(join(clientDir, 'assets'));
  writeFileSync(join(clientDir, 'assets', 'app.js'), SCRIPT);
  writeFileSync(join(clientDir, 'assets', 'app.js.gz'), gzipSync(SCRIPT));
  t = await createTestApp({ env: { CLIENT_DIR: clientDir } });
  full = await t.createUser({ full: true });
});
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

function expectSecurityHeaders(res: LightMyRequestResponse) {
  const csp = String(res.headers['content-security-policy']);
  expect(csp).toContain("default-src 'self'");
  // A plain-HTTP install must not have its own requests rewritten to https.
  expect(csp).not.toContain('upgrade-insecure-requests');
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['x-powered-by']).toBeUndefined();
}

describe('security headers', () => {
  it('are set on API answers, errors included', async () => {
    const ok = await t.request({ method: 'GET', url: '/api/v1/monitoring/version/' });
    expect(ok.statusCode).toBe(200);
    expectSecurityHeaders(ok);
    const denied = await t.request({ method: 'GET', url: '/api/v1/vendors/' });
    expect(denied.statusCode).toBe(401);
    expectSecurityHeaders(denied);
  });

  it('are set on the app shell and its files', async () => {
    const shell = await t.request({ method: 'GET', url: '/workorder-list' });
    expect(shell.statusCode).toBe(200);
    expectSecurityHeaders(shell);
    expectSecurityHeaders(await t.request({ method: 'GET', url: '/assets/app.js' }));
  });
});

describe('error bodies', () => {
  it('an unknown API path is a DRF 404, signed in or not', async () => {
    for (const as of [undefined, full]) {
      const res = await t.request({ method: 'GET', url: '/api/v1/nope/', ...(as ? { as } : {}) });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
    expect((await t.request({ method: 'DELETE', url: '/api/v1/vendors/1/', as: full })).json()).toEqual({ detail: 'Not found.' });
  });

  it('a body over 1 MB is refused with 413 and changes nothing', async () => {
    const res = await t.request({ method: 'POST', url: '/api/v1/vendors/', as: full, payload: { name: 'Big', address: 'x'.repeat(1024 * 1024) } });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: 'The request body is too large.' });
    expect((await t.request({ method: 'GET', url: '/api/v1/vendors/', as: full })).json().count).toBe(0);
  });

  it('an unsupported content type is refused with 415', async () => {
    const res = await t.request({ method: 'POST', url: '/api/v1/vendors/', as: full, headers: { 'content-type': 'application/xml' }, payload: '<vendor><name>X</name></vendor>' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ detail: 'Unsupported media type "application/xml" in request.' });
  });

  it('malformed JSON is a DRF parse error', async () => {
    const res = await t.request({ method: 'POST', url: '/api/v1/vendors/', as: full, headers: { 'content-type': 'application/json' }, payload: '{"name": ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'JSON parse error - the request body is not valid JSON.' });
  });

  it('a path whose percent-encoding does not decode is a DRF 400 on any route, over a real connection, naming no internals', async () => {
    const port = await listenOnLoopback(t.app);
    const send = (method: string, path: string) =>
      rawRequest(port, `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${full.token}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
    const bodyOf = (text: string) => text.slice(text.indexOf('\r\n\r\n') + 4);
    // A cut UTF-8 sequence, an overlong one, escapes that are no hex, a lone %: in a parameter, in a fixed part, outside the API.
    const paths = ['/api/v1/codes/L-%E0%A4/', '/api/v1/workorders/%E0%A4/', '/api/v1/vendors%ZZ/', '/api/v1/assets/%C0%AF/', '/api/v1/%', '/media/%E0%A4', '/%E0%A4'];
    for (const [method, path] of [...paths.map((p) => ['GET', p]), ['POST', '/api/v1/workorders/%E0%A4/claim/'], ['DELETE', '/api/v1/vendors/%E0/']] as const) {
      const answer = await send(method, path);
      expect([method, path, answer.status]).toEqual([method, path, 400]);
      expect(answer.text).toMatch(/\r\ncontent-type: application\/json/i);
      expect(JSON.parse(bodyOf(answer.text))).toEqual({ detail: 'The request path has a malformed percent-encoding.' });
      expect(answer.text).not.toMatch(/FST_|url component/);
    }
    // A path part longer than the router takes is refused in the same shape, without repeating it.
    const long = await send('GET', `/api/v1/codes/${'L'.repeat(300)}/`);
    expect(long.status).toBe(414);
    expect(JSON.parse(bodyOf(long.text))).toEqual({ detail: 'A part of the request path is too long.' });
    expect(long.text).not.toContain('L'.repeat(300));
    // Well-formed escapes are read as ever.
    expect((await send('GET', '/api/v1/codes/L-%41%42/')).status).toBe(404);
  });

  it('an unexpected failure is a generic 500 without internals', async () => {
    const broken = await createTestApp();
    try {
      const user = await broken.createUser({ full: true });
      // Tables vanishing under the running app is a real failure that no route expects.
      await broken.database.db.schema.dropTable('contact_messages').execute();
      await broken.database.db.schema.dropTable('vendors').execute();
      for (const res of [
        await broken.request({ method: 'POST', url: '/api/v1/contact/', payload: { name: 'A', email: 'a@example.com', message: 'hi' } }),
        await broken.request({ method: 'GET', url: '/api/v1/vendors/', as: user }),
      ]) {
        expect(res.statusCode).toBe(500);
        expect(res.body).toBe(JSON.stringify({ detail: 'A server error occurred.' }));
      }
    } finally {
      await broken.close();
    }
  });
});

describe('the app shell', () => {
  it('serves index.html for client routes and the built files as they are', async () => {
    for (const url of ['/', '/some/route', '/workorder-detail/12?from=list']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toBe(INDEX);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const script = await t.request({ method: 'GET', url: '/assets/app.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.body).toBe(SCRIPT);
    expect(script.headers['cache-control']).toContain('immutable');
    // The build's gzip copy goes to clients that accept it.
    const zipped = await t.request({ method: 'GET', url: '/assets/app.js', headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(SCRIPT);
  });

  it('answers 404 for missing files and for unknown API or media paths', async () => {
    const missing = await t.request({ method: 'GET', url: '/missing.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Not found.' });
    expect((await t.request({ method: 'GET', url: '/assets/nothing.css' })).statusCode).toBe(404);
    const api = await t.request({ method: 'GET', url: '/api/v1/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toMatch(/^application\/json/);
    expect(api.json()).toEqual({ detail: 'Not found.' });
    expect((await t.request({ method: 'GET', url: '/media/assets/none.png' })).statusCode).toBe(404);
    expect((await t.request({ method: 'POST', url: '/some/route' })).statusCode).toBe(404);
  });

  it('answers a JSON 404, not the app, for any other spelling of the API or media paths', async () => {
    for (const url of ['/api', '/api/', '/api?x=1', '/API/v1/locations/', '/Api/v1/workorders/', '/api/v2/locations/', '/MEDIA/assets/x.png', '/media']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
  });
});

describe('access control cannot be sidestepped by the URL form', () => {
  it('checks permissions on percent-encoded and absolute-form paths', async () => {
    const s = await createTestApp();
    try {
      const limited = await s.createUser();
      const encoded = await s.request({ method: 'GET', url: '/%61pi/v1/vendors/' });
      expect(encoded.statusCode).toBe(401);
      const encodedLimited = await s.request({ method: 'POST', url: '/%61pi/v1/vendors/', as: limited, payload: { name: 'Sneaky' } });
      expect(encodedLimited.statusCode).toBe(403);
      const staffOnly = await s.request({ method: 'GET', url: '/%61pi/v1/contact/', as: limited });
      expect(staffOnly.statusCode).toBe(403);
      const absolute = await s.request({ method: 'GET', url: 'http://cmms.test/api/v1/vendors/' });
      expect(absolute.statusCode).toBe(401);
      const count = await s.database.db.selectFrom('vendors').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(0);
    } finally {
      await s.close();
    }
  });
});

describe('input guard', () => {
  it('refuses non-finite numbers and NUL characters on both engines, changing nothing', async () => {
    const s = await createTestApp();
    try {
      const full = await s.createUser({ full: true });
      const page = await s.request({ method: 'GET', url: '/api/v1/vendors/?page=Infinity', as: full });
      expect(page.statusCode).toBe(400);
      expect(page.json()).toEqual({ page: ['A valid number is required.'] });
      const loc = await s.request({ method: 'GET', url: '/api/v1/workorders/?location=-Infinity', as: full });
      expect(loc.statusCode).toBe(400);
      const nul = await s.request({ method: 'POST', url: '/api/v1/vendors/', as: full, payload: { name: 'Bad\u0000Name' } });
      expect(nul.statusCode).toBe(400);
      expect(nul.json()).toEqual({ name: ['Null characters are not allowed.'] });
      const search = await s.request({ method: 'GET', url: '/api/v1/workorders/?search=%00', as: full });
      expect(search.statusCode).toBe(400);
      const interval = await s.request({ method: 'POST', url: '/api/v1/maintenance/tasks/', as: full, payload: { location_id: 1, description: 'x', recurrence_interval: 'Infinity', last_completed_date: '2026-01-01' } });
      expect(interval.statusCode).toBe(400);
      const count = await s.database.db.selectFrom('vendors').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(0);
      // Ordinary text that merely spells a number word is fine.
      expect((await s.request({ method: 'GET', url: '/api/v1/workorders/?search=Infinity', as: full })).statusCode).toBe(200);
    } finally {
      await s.close();
    }
  });
});

describe('the Host header', () => {
  it('answers 400 to a Host that is not a host, or to two Host lines, over a real connection; a good one is served', async () => {
    const s = await createTestApp();
    try {
      const port = await listenOnLoopback(s.app);
      const get = (hostLines: string) => rawRequest(port, `GET /api/v1/monitoring/version/ HTTP/1.1\r\n${hostLines}Connection: close\r\n\r\n`);
      for (const bad of ['Host: a b\r\n', 'Host: a\tb\r\n', 'Host: \r\n', 'Host: exa<mple.com\r\n', 'Host: 127.0.0.1:80x\r\n', 'Host: [::1\r\n', `Host: 127.0.0.1:${port}\r\nHost: evil.example\r\n`]) {
        const answer = await get(bad);
        expect([bad, answer.status]).toEqual([bad, 400]);
        expect(answer.text).toContain('{"detail":"The Host header is missing, repeated or not a valid host."}');
      }
      for (const good of [`Host: 127.0.0.1:${port}\r\n`, 'Host: cmms.example.com\r\n', 'Host: [::1]:8000\r\n', 'Host: localhost\r\n']) {
        const answer = await get(good);
        expect([good, answer.status]).toEqual([good, 200]);
      }
      // HTTP/1.0 may leave the Host out; HTTP/1.1 may not (Node's own refusal).
      expect((await rawRequest(port, 'GET /api/v1/monitoring/version/ HTTP/1.0\r\n\r\n')).status).toBe(200);
      expect((await rawRequest(port, 'GET /api/v1/monitoring/version/ HTTP/1.1\r\nConnection: close\r\n\r\n')).status).toBe(400);
    } finally {
      await s.close();
    }
  });
});

describe('multipart bodies', () => {
  it('are refused unread on routes that take no files', async () => {
    const s = await createTestApp();
    try {
      const boundary = 'x-boundary';
      const body = `--${boundary}\r\nContent-Disposition: form-data; name="token"\r\n\r\nabc\r\n--${boundary}--\r\n`;
      const res = await s.request({ method: 'POST', url: '/api/v1/auth/jwt/verify/', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ detail: 'Unsupported media type "multipart/form-data" in request.' });
    } finally {
      await s.close();
    }
  });
});
