/**
 * Files under DATA_DIR are the server account's alone: the database (password hashes), the mail
 * outbox (live activation and reset links), the secret and the uploads are created owner-only
 * whatever the umask, and a start makes private what an older version left readable to everyone.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, stopServer, waitUntilReady } from '../helpers/server-process.js';
import { createPgSchema, createTestApp, usesPostgres } from '../helpers/test-app.js';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);

let parent: string;
let umaskBefore: number;
beforeAll(() => {
  parent = mkdtempSync(join(tmpdir(), 'cmms-modes-'));
  // The usual umask, under which files were created readable by every local user.
  umaskBefore = process.umask(0o022);
});
afterAll(() => {
  process.umask(umaskBefore);
  rmSync(parent, { recursive: true, force: true });
});

describe('files under DATA_DIR', () => {
  it('are created owner-only on a fresh DATA_DIR: the directory, the database and its WAL, a mail, an upload', async () => {
    const dataDir = join(parent, 'fresh', 'data');
    const t = await createTestApp({ env: { DATA_DIR: dataDir } });
    try {
      expect(modeOf(dataDir)).toBe('700');
      expect(modeOf(join(dataDir, 'uploads'))).toBe('700');
      if (!usesPostgres) {
        for (const name of ['cmms.sqlite3', 'cmms.sqlite3-wal', 'cmms.sqlite3-shm']) expect([name, modeOf(join(dataDir, name))]).toEqual([name, '600']);
      }

      const signup = await t.request({
        method: 'POST',
        url: '/api/v1/auth/users/',
        payload: { email: 'newcomer@example.com', password: 'Torque-Wrench-7731', re_password: 'Torque-Wrench-7731', first_name: 'New', last_name: 'Comer' },
      });
      expect(signup.statusCode).toBe(201);
      const outbox = join(dataDir, 'outbox');
      const mails = readdirSync(outbox);
      expect(mails).toHaveLength(1);
      expect(modeOf(outbox)).toBe('700');
      expect(modeOf(join(outbox, mails[0]!))).toBe('600');

      const full = await t.createUser({ full: true });
      const location = await t.request({ method: 'POST', url: '/api/v1/locations/', as: full, payload: { location_type: 'OTHER', name: 'Yard', address: '1 Main St', city: 'Springfield', state: 'IL', postal_code: '62701' } });
      const form = new FormData();
      form.append('location_id', String(location.json().id));
      form.append('description', 'Leaking valve');
      form.append('new_attachments', new Blob([new Uint8Array(PNG)]), 'valve.png');
      const order = await t.request({ method: 'POST', url: '/api/v1/workorders/', as: full, payload: form });
      expect(order.statusCode).toBe(201);
      const folder = join(dataDir, 'uploads', 'workorders');
      const files = readdirSync(folder);
      expect(files).toHaveLength(1);
      expect(modeOf(folder)).toBe('700');
      expect(modeOf(join(folder, files[0]!))).toBe('600');
    } finally {
      await t.close();
    }
  });

  it('made readable to everyone by an older version are made owner-only at start, said in one line', { timeout: 120_000 }, async () => {
    const dataDir = join(parent, 'old');
    const entries: [string, 'dir' | 'file'][] = [
      ['.', 'dir'],
      ['secret.key', 'file'],
      ['outbox', 'dir'],
      ['outbox/2026-01-01T00-00-00-000Z-1-1-someone_example.com.eml', 'file'],
      ['uploads', 'dir'],
      ['uploads/workorders', 'dir'],
      ['uploads/workorders/0123456789abcdef.png', 'file'],
      // An empty file is an empty SQLite database.
      ...(usesPostgres ? [] : [['cmms.sqlite3', 'file'] as [string, 'file']]),
    ];
    for (const [path, kind] of entries) {
      const full = join(dataDir, path);
      if (kind === 'dir') mkdirSync(full, { recursive: true });
      else writeFileSync(full, path === 'secret.key' ? `${randomBytes(48).toString('base64url')}\n` : path.endsWith('.png') ? PNG : '');
      chmodSync(full, kind === 'dir' ? 0o755 : 0o644);
    }
    const pgSchema = usesPostgres ? await createPgSchema() : null;
    const env = { DATA_DIR: dataDir, CMMS_DEMO: '0', SERVER_PROCESSES: '1', ...(pgSchema ? { DATABASE_URL: pgSchema.url, DATABASE_SCHEMA: pgSchema.schema } : {}) };
    try {
      const server = await startServer(env);
      try {
        await waitUntilReady(server);
        const lines = server.output().split('\n').filter((l) => l.includes('open to other local users'));
        expect(lines).toEqual([`${dataDir}: ${entries.length} files or folders were open to other local users; now only this account can read them.`]);
        for (const [path, kind] of entries) expect([path, modeOf(join(dataDir, path))]).toEqual([path, kind === 'dir' ? '700' : '600']);
        if (!usesPostgres) {
          for (const name of ['cmms.sqlite3-wal', 'cmms.sqlite3-shm']) expect([name, existsSync(join(dataDir, name)) && modeOf(join(dataDir, name))]).toEqual([name, '600']);
        }
      } finally {
        await stopServer(server);
      }
      // Nothing is left to fix at the next start: no line then.
      const again = await startServer(env);
      try {
        await waitUntilReady(again);
        expect(again.output()).not.toContain('open to other local users');
      } finally {
        await stopServer(again);
      }
    } finally {
      await pgSchema?.drop();
    }
  });
});
