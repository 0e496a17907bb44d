/**
 * The sandboxing and download headers of /media/ answers do not depend on how the URL is spelled.
 * Sent as raw HTTP to a listening server, so the request line reaches the app exactly as written
 * (inject() would normalise it).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { connect, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const SANDBOX = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const PDF_NAME = 'a'.repeat(32);
const PNG_NAME = 'b'.repeat(32);

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  mkdirSync(join(t.config.uploadsDir, 'workorders'), { recursive: true });
  writeFileSync(join(t.config.uploadsDir, 'workorders', `${PDF_NAME}.pdf`), PDF);
  writeFileSync(join(t.config.uploadsDir, 'workorders', `${PNG_NAME}.png`), PNG);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t.close();
});

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
}

/** Sends one request line as written and reads the status and headers of the answer. */
function raw(target: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      data += chunk;
    });
    socket.on('error', reject);
    socket.on('end', () => {
      const [head = ''] = data.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers });
    });
    socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
  });
}

describe('media headers whatever the URL spelling', () => {
  it('serves a PDF as a sandboxed attachment under every spelling of its URL', async () => {
    for (const target of [
      `/media/workorders/${PDF_NAME}.pdf`,
      `/%6Dedia/workorders/${PDF_NAME}.pdf`,
      `/%6d%65%64%69%61/workorders/${PDF_NAME}.pdf`,
      `/media/workorders/${PDF_NAME}.%70df`,
      `/media/workorders/${PDF_NAME}.pdf?download=0`,
      `/media/workorders/${PDF_NAME}.pdf/`,
      `http://127.0.0.1:${port}/media/workorders/${PDF_NAME}.pdf`,
      `http://127.0.0.1:${port}/%6Dedia/workorders/${PDF_NAME}.%70df`,
    ]) {
      const res = await raw(target);
      expect(res.status, target).toBe(200);
      expect(res.headers['content-type'], target).toBe('application/pdf');
      expect(res.headers['content-security-policy'], target).toBe(SANDBOX);
      expect(res.headers['x-content-type-options'], target).toBe('nosniff');
      expect(res.headers['content-disposition'], target).toBe('attachment');
    }
  });

  it('sandboxes the 404 of a media spelling the router does not serve', async () => {
    for (const target of [`/media/workorders/${PDF_NAME}.%50%44%46`, `/media%2Fworkorders/${PDF_NAME}.pdf`, `/media/workorders/${'c'.repeat(32)}.pdf`]) {
      const res = await raw(target);
      expect(res.status, target).toBe(404);
      expect(res.headers['content-security-policy'], target).toBe(SANDBOX);
      expect(res.headers['x-content-type-options'], target).toBe('nosniff');
    }
  });

  it('sandboxes every spelling of an image URL without making it a download', async () => {
    for (const target of [`/media/workorders/${PNG_NAME}.png`, `/%6Dedia/workorders/${PNG_NAME}.png`, `http://127.0.0.1:${port}/media/workorders/${PNG_NAME}.png`]) {
      const res = await raw(target);
      expect(res.status, target).toBe(200);
      expect(res.headers['content-type'], target).toBe('image/png');
      expect(res.headers['content-security-policy'], target).toBe(SANDBOX);
      expect(res.headers['content-disposition'], target).toBeUndefined();
    }
  });

  it('keeps the app its own policy outside /media', async () => {
    const res = await raw('/api/v1/monitoring/version/');
    expect(res.status).toBe(200);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).not.toContain('sandbox');
  });
});
