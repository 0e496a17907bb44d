/**
 * Demo users have published passwords, so they must not work on an address other machines can
 * reach: the server refuses to start there while one does, and says how to end them. Loopback is
 * recognised in every spelling (::ffff:127.0.0.1 too), and the default PUBLIC_URL of an IPv6
 * address has the brackets a URL needs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLoopback, loadConfig } from '../../src-server/config.js';
import { DEMO_LOGINS, demoLoginsStillOpen, seedDemoData } from '../../src-server/demo/seed.js';
import { usersAdminService } from '../../src-server/modules/admin/users-admin.service.js';
import { UsersRepository } from '../../src-server/modules/users/users.repository.js';
import { startServer, stopServer, waitUntilReady, type ServerProcess } from '../helpers/server-process.js';
import { appServices, createPgSchema, createTestApp, usesPostgres, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  t = await createTestApp();
  dataDir = mkdtempSync(join(tmpdir(), 'cmms-hosts-'));
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const config = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, SECRET_KEY: 'k'.repeat(32), ...env });

describe('loopback and the default PUBLIC_URL', () => {
  it('counts every spelling of a loopback address as loopback, and nothing else', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', 'LOCALHOST', '::1', '[::1]', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1', '::FFFF:127.0.0.2', '::ffff:7f00:1']) expect([host, isLoopback(host)]).toEqual([host, true]);
    for (const host of ['0.0.0.0', '::', '10.0.0.5', '::ffff:10.0.0.5', '128.0.0.1', '127.example.com', 'cmms.example.com', '192.168.1.20']) expect([host, isLoopback(host)]).toEqual([host, false]);
  });

  it('turns demo data on by default for SQLite on ::ffff:127.0.0.1 as on 127.0.0.1, and off on other addresses', () => {
    expect(config({ HOST: '::ffff:127.0.0.1' }).demoData).toBe(true);
    expect(config({ HOST: '127.0.0.1' }).demoData).toBe(true);
    expect(config({ HOST: '0.0.0.0' }).demoData).toBe(false);
    expect(config({ HOST: '::ffff:192.168.1.20' }).demoData).toBe(false);
  });

  it('puts an IPv6 address of the default PUBLIC_URL in brackets', () => {
    expect(config({ HOST: '::1', PORT: '8000' }).publicUrl).toBe('http://[::1]:8000');
    expect(config({ HOST: '::ffff:127.0.0.1', PORT: '8000' }).publicUrl).toBe('http://[::ffff:127.0.0.1]:8000');
    expect(config({ HOST: '2001:db8::7', PORT: '8080' }).publicUrl).toBe('http://[2001:db8::7]:8080');
    expect(config({ HOST: '::', PORT: '8000' }).publicUrl).toBe('http://localhost:8000');
    expect(config({ HOST: '0.0.0.0', PORT: '8000' }).publicUrl).toBe('http://localhost:8000');
    expect(config({ HOST: '192.168.1.20', PORT: '8000' }).publicUrl).toBe('http://192.168.1.20:8000');
    for (const host of ['::1', '2001:db8::7']) expect(() => new URL(config({ HOST: host }).publicUrl)).not.toThrow();
  });
});

describe('demo logins still open', () => {
  it('are the demo accounts still active with their published password; a new password or deactivation ends one', async () => {
    expect(await seedDemoData(t.database, t.config)).toEqual(DEMO_LOGINS);
    expect((await demoLoginsStillOpen(appServices(t).repositories)).map((l) => l.email)).toEqual(['supervisor@example.com', 'technician@example.com']);
    const admin = usersAdminService(appServices(t));
    const users = new UsersRepository(t.database.db);
    await admin.setPassword((await users.findByEmail('supervisor@example.com'))!, 'Hydraulic-Jack-2040');
    expect((await demoLoginsStillOpen(appServices(t).repositories)).map((l) => l.email)).toEqual(['technician@example.com']);
    await admin.change('operator', (await users.findByEmail('technician@example.com'))!.id, { is_active: false });
    expect(await demoLoginsStillOpen(appServices(t).repositories)).toEqual([]);
  });
});

describe('a server start', { timeout: 180_000 }, () => {
  const exited = (server: ServerProcess, timeoutMs: number) =>
    new Promise<number | null>((done) => {
      if (server.child.exitCode !== null) return done(server.child.exitCode);
      const timer = setTimeout(() => done(null), timeoutMs);
      server.child.once('exit', (code) => {
        clearTimeout(timer);
        done(code);
      });
    });

  it('refuses a non-loopback address while demo logins work, saying how to end them; ::ffff:127.0.0.1 is loopback and starts', async () => {
    const data = mkdtempSync(join(tmpdir(), 'cmms-demo-public-'));
    const pgSchema = usesPostgres ? await createPgSchema() : null;
    // Demo data made on loopback: the default for SQLite there, asked for on PostgreSQL.
    const env = { DATA_DIR: data, SERVER_PROCESSES: '1', ...(pgSchema ? { DATABASE_URL: pgSchema.url, DATABASE_SCHEMA: pgSchema.schema, CMMS_DEMO: '1' } : {}) };
    try {
      const first = await startServer(env);
      try {
        await waitUntilReady(first);
      } finally {
        await stopServer(first);
      }

      const exposed = await startServer({ ...env, HOST: '0.0.0.0' });
      try {
        expect(await exited(exposed, 90_000)).toBe(1);
        const out = exposed.output();
        expect(out).toContain(
          'Refusing to start on HOST=0.0.0.0, an address other machines can reach: the demo accounts supervisor@example.com, technician@example.com still have their published passwords.',
        );
        expect(out).toContain('  npm run cli -- set-password --email supervisor@example.com --password NEW_PASSWORD');
        expect(out).toContain('  npm run cli -- set-password --email technician@example.com --password NEW_PASSWORD');
        expect(out).toContain('npm run cli -- deactivate --email EMAIL');
        expect(out).not.toContain('Maintenance Manager is running at');
      } finally {
        await stopServer(exposed);
      }

      const mapped = await startServer({ ...env, HOST: '::ffff:127.0.0.1' });
      try {
        await waitUntilReady(mapped);
        for (let i = 0; i < 100 && !mapped.output().includes('is running at'); i++) await new Promise((r) => setTimeout(r, 50));
        expect(mapped.output()).toContain(`Maintenance Manager is running at http://[::ffff:127.0.0.1]:${new URL(mapped.origin).port}/`);
        expect(mapped.output()).not.toContain('Refusing to start');
      } finally {
        await stopServer(mapped);
      }
    } finally {
      await pgSchema?.drop();
      rmSync(data, { recursive: true, force: true });
    }
  });
});
