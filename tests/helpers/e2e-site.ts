/**
 * A server of a test's own (its own data directory and demo data, one process), for browser tests
 * that change the server's settings or count what it answered (/metrics) without the other test
 * files' traffic in the figures.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext } from '@playwright/test';
import { freePort, startServer, stopServer, waitUntilReady, type ServerProcess } from './server-process';

export interface Site {
  server: ServerProcess;
  /** Service and shared workers need a secure context: localhost, not 127.0.0.1. */
  baseURL: string;
  /** The server's environment (for the CLI on the same data). */
  env: Record<string, string>;
  /** Runs `npm run cli -- ARGS` against this site's data. */
  cli(args: string[]): Promise<void>;
  close(): Promise<void>;
}

export async function startSite(env: Record<string, string> = {}): Promise<Site> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cmms-site-'));
  const port = await freePort();
  const siteEnv = { DATA_DIR: dataDir, SECRET_KEY: randomBytes(32).toString('hex'), CMMS_DEMO: '1', SERVER_PROCESSES: '1', PUBLIC_URL: `http://localhost:${port}`, ...env };
  const server = await startServer(siteEnv, port);
  await waitUntilReady(server);
  return {
    server,
    baseURL: `http://localhost:${port}`,
    env: siteEnv,
    async cli(args) {
      const inherited = { ...process.env };
      delete inherited.DATABASE_URL;
      delete inherited.DATABASE_SCHEMA;
      await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src-server/cli/main.ts', ...args], { env: { ...inherited, ...siteEnv } });
    },
    close: async () => {
      await stopServer(server);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A browser context whose relative URLs go to `site`. */
export function contextOn(browser: Browser, site: Site): Promise<BrowserContext> {
  return browser.newContext({ baseURL: site.baseURL, serviceWorkers: 'allow' });
}
