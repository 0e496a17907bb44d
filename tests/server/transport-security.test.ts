/**
 * Strict-Transport-Security only on answers to requests that came over HTTPS: directly (a real TLS
 * connection), or through a trusted proxy (TRUST_PROXY=1) saying X-Forwarded-Proto: https.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer as createTlsServer } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const HSTS = 'max-age=31536000; includeSubDomains';
const VERSION = '/api/v1/monitoring/version/';

let direct: TestApp;
let proxied: TestApp;

beforeAll(async () => {
  direct = await createTestApp();
  proxied = await createTestApp({ env: { TRUST_PROXY: '1' } });
});
afterAll(async () => {
  await direct.close();
  await proxied.close();
});

describe('Strict-Transport-Security', () => {
  it('is not sent over plain HTTP, whatever a client claims without a trusted proxy', async () => {
    for (const headers of [{}, { 'x-forwarded-proto': 'https' }]) {
      const res = await direct.request({ method: 'GET', url: VERSION, headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
    expect((await direct.request({ method: 'GET', url: '/api/v1/vendors/' })).headers['strict-transport-security']).toBeUndefined();
  });

  it('is sent when a trusted proxy says the request came over HTTPS, and only then', async () => {
    const https = await proxied.request({ method: 'GET', url: VERSION, headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers['strict-transport-security']).toBe(HSTS);
    // Errors too.
    expect((await proxied.request({ method: 'GET', url: '/api/v1/vendors/', headers: { 'x-forwarded-proto': 'https' } })).headers['strict-transport-security']).toBe(HSTS);
    for (const headers of [{}, { 'x-forwarded-proto': 'http' }]) {
      expect((await proxied.request({ method: 'GET', url: VERSION, headers })).headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('is sent on a request that reached the server over TLS itself', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cmms-tls-'));
    const key = join(dir, 'key.pem');
    const cert = join(dir, 'cert.pem');
    execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=localhost', '-keyout', key, '-out', cert], { stdio: 'ignore' });
    // The app's own HTTP server handles the decrypted connection, as an HTTPS listener would.
    const tls = createTlsServer({ key: readFileSync(key), cert: readFileSync(cert) }, (socket) => direct.app.server.emit('connection', socket));
    await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = tls.address() as AddressInfo;
      const headers = await new Promise<Record<string, unknown>>((resolve, reject) => {
        const req = httpsRequest({ host: '127.0.0.1', port, path: VERSION, rejectUnauthorized: false, agent: false, headers: { host: `127.0.0.1:${port}`, connection: 'close' } }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.headers));
        });
        req.on('error', reject);
        req.end();
      });
      expect(headers['strict-transport-security']).toBe(HSTS);
    } finally {
      await new Promise((resolve) => tls.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
