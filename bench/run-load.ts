/** Runs bench/load.ts (autocannon) as its own process, so the load does not share the server's event loop. */
import { spawn } from 'node:child_process';

export interface LoadFigures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** Answers other than 2xx, the load generator's own 409 collisions left out. */
  non2xx: number;
  /** 409 answers to claims of an order another connection still held. */
  collisions: number;
  total: number;
}

export function runLoad(scenario: Record<string, unknown>): Promise<LoadFigures> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/load.ts', JSON.stringify(scenario)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop()!) as LoadFigures) : reject(new Error(`load generator exited with ${code}`))));
  });
}
