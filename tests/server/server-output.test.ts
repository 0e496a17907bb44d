/**
 * What a real server process prints. First start on an empty database without demo data: the
 * exact command that creates the first staff user (run as printed, it works, and the advice is
 * gone at the next start). Account links opened in a browser stay out of the request log.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_STAFF_COMMAND } from '../../src-server/modules/admin/first-start.js';
import { startServer, stopServer, waitUntilReady } from '../helpers/server-process.js';
import { createPgSchema, usesPostgres } from '../helpers/test-app.js';

const ROOT = resolve(import.meta.dirname, '../..');
let dataDir: string;
let pgSchema: Awaited<ReturnType<typeof createPgSchema>> | null = null;
let env: Record<string, string>;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'cmms-first-start-'));
  pgSchema = usesPostgres ? await createPgSchema() : null;
  env = { DATA_DIR: dataDir, CMMS_DEMO: '0', SERVER_PROCESSES: '1', ...(pgSchema ? { DATABASE_URL: pgSchema.url, DATABASE_SCHEMA: pgSchema.schema } : {}) };
});
afterAll(async () => {
  await pgSchema?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Starts a server, opens `visit`, and returns what it printed once `until` shows (or 5 s passed). */
async function startAndRead(opts: { visit?: string[]; env?: Record<string, string>; until?: string } = {}): Promise<string> {
  const server = await startServer({ ...env, ...opts.env });
  try {
    await waitUntilReady(server);
    for (const path of opts.visit ?? []) await fetch(`${server.origin}${path}`);
    // Output arrives through a pipe: wait for the line that comes last.
    const until = opts.until ?? 'Maintenance Manager is running at';
    for (let i = 0; i < 100 && !server.output().includes(until); i++) await new Promise((r) => setTimeout(r, 50));
    return server.output();
  } finally {
    await stopServer(server);
  }
}

function shell(command: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const inherited = { ...process.env };
    delete inherited.DATABASE_URL;
    delete inherited.DATABASE_SCHEMA;
    execFile('bash', ['-c', command], { cwd: ROOT, env: { ...inherited, ...env } }, (err, stdout, stderr) => {
      done({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr });
    });
  });
}

describe('first start without demo data', { timeout: 180_000 }, () => {
  it('prints the command for the first staff user, which works as printed; once run, the advice is gone', async () => {
    const first = await startAndRead();
    expect(first).toContain('Maintenance Manager is running at');
    expect(first).toContain('No active staff user exists yet');
    const line = first.split('\n').find((l) => l.trim().startsWith('npm run cli -- create-user'));
    expect(line?.trim()).toBe(FIRST_STAFF_COMMAND);
    expect(FIRST_STAFF_COMMAND).toBe('npm run cli -- create-user --email EMAIL --password PASSWORD --full-access --staff');

    const run = await shell(line!.trim().replace('EMAIL', 'owner@example.com').replace('PASSWORD', "'Ratchet-Strap-515'"));
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Created user owner@example\.com \(id \d+, full access, staff\)\./);

    const second = await startAndRead();
    expect(second).not.toContain('No active staff user exists yet');
    expect(second).toContain('Maintenance Manager is running at');
  });
});

describe('account links in the request log', { timeout: 120_000 }, () => {
  it('logs a visit to an activation or reset link at info level without its uid and token', async () => {
    const token = 'abc123-0123456789abcdef0123456789abcdef01234567';
    const out = await startAndRead({
      visit: [`/activate/MTI/${token}`, `/password/reset/confirm/MTI/${token}?next=1`, '/login'],
      env: { LOG_LEVEL: 'info' },
      until: '"url":"/login"',
    });
    // Only whole lines: the kept output is a tail and may start mid-line.
    const requests = out.split('\n').filter((l) => l.startsWith('{') && l.includes('incoming request'));
    expect(requests.map((l) => (JSON.parse(l) as { req: { url: string } }).req.url)).toEqual(
      expect.arrayContaining(['/activate/[redacted]', '/password/reset/confirm/[redacted]?next=1', '/login']),
    );
    expect(out).not.toContain(token);
    expect(out).not.toContain('MTI');
  });
});
