/**
 * The browser tests' environment: one server for the whole run on a free loopback port, with a
 * fresh data directory and a known secret. Computed once in the runner and handed to its worker
 * processes through process.env, so every process agrees.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface E2eEnv {
  port: number;
  /** Service and shared workers need a secure context: http://localhost, not 127.0.0.1. */
  baseURL: string;
  dataDir: string;
  secretKey: string;
}

function freePort(): number {
  const script = "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
}

export function e2eEnv(): E2eEnv {
  if (!process.env.E2E_PORT) {
    process.env.E2E_PORT = String(freePort());
    const dataDir = mkdtempSync(join(tmpdir(), 'cmms-e2e-'));
    process.env.E2E_DATA_DIR = dataDir;
    process.env.E2E_SECRET_KEY = randomBytes(32).toString('hex');
    // The runner made it, the runner removes it (after the server has been stopped).
    process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  }
  const port = Number(process.env.E2E_PORT);
  return { port, baseURL: `http://localhost:${port}`, dataDir: process.env.E2E_DATA_DIR!, secretKey: process.env.E2E_SECRET_KEY! };
}

/** The server's environment: demo data and users, no mail server, no login rate limit in the way. */
export function serverEnv(env: E2eEnv): Record<string, string> {
  return {
    PORT: String(env.port),
    HOST: '127.0.0.1',
    DATA_DIR: env.dataDir,
    SECRET_KEY: env.secretKey,
    CMMS_DEMO: '1',
    PUBLIC_URL: env.baseURL,
    AUTH_RATE_LIMIT: '100000',
    LOG_LEVEL: 'warn',
  };
}
