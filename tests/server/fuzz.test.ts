/**
 * Every API route fed hostile input generated from its own schemas, as a visitor and as limited,
 * full-access and staff users, on a database with the demo data. For every request: no 5xx, no
 * stack trace or server path in the answer, and a refusal changes nothing (every table's rows and
 * the stored files, before and after). FUZZ_REQUESTS (default 600) and FUZZ_SEED (default random,
 * printed; replays a failure) set the run; `npm run fuzz` sends 10,000 for the record.
 */
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src-server/db/schema.js';
import { seedDemoData } from '../../src-server/demo/seed.js';
import { fuzzRequest } from '../helpers/fuzz-input.js';
import { seededRandom } from '../helpers/seeded-random.js';
import { createTestApp, usesPostgres, type TestApp, type TestUser } from '../helpers/test-app.js';

const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 600);
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
/** The replay journal records refusals by design; everything else must stay as it was. */
const JOURNAL_TABLES = new Set<keyof Database>(['idempotency_keys']);
const TABLES: (keyof Database)[] = [
  'users',
  'refresh_tokens',
  'locations',
  'vendors',
  'assets',
  'work_orders',
  'work_order_attachments',
  'work_order_counts',
  'maintenance_tasks',
  'task_completions',
  'chemicals',
  'chemical_locations',
  'quantity_records',
  'wash_packages',
  'wash_records',
  'parts',
  'contact_messages',
  'devices',
];

/** A stack frame ("at fn (/path/file.ts:1:2)") or a path of the server's own files. */
const LEAK = /\bat [\w.<>$ ]*\(?(?:file:\/\/)?\/[^\s)]+:\d+:\d+\)?|node_modules\/|src-server\/|\.ts:\d+:\d+/;

describe(`hostile input on every route (${usesPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  let t: TestApp;
  let callers: (TestUser | null)[];
  const tally = { requests: 0, refused: 0, accepted: 0, serverErrors: 0, byStatus: {} as Record<number, number> };

  beforeAll(async () => {
    t = await createTestApp({ env: { CMMS_DEMO: '1' } });
    await seedDemoData(t.database, t.config);
    callers = [null, await t.createUser(), await t.createUser({ full: true }), await t.createUser({ full: true, staff: true })];
  }, 60_000);

  afterAll(async () => {
    console.log(`fuzz (${usesPostgres ? 'PostgreSQL' : 'SQLite'}, seed ${SEED}): ${JSON.stringify(tally)}`);
    await t?.close();
  });

  async function snapshot(): Promise<string> {
    const hash = createHash('sha256');
    for (const table of TABLES) {
      if (JOURNAL_TABLES.has(table)) continue;
      const rows = await t.database.db.selectFrom(table).selectAll().execute();
      hash.update(`${table}\n${rows.map((r) => JSON.stringify(r)).sort().join('\n')}\n`);
    }
    const files = readdirSync(join(t.dataDir, 'uploads'), { recursive: true }).map(String).sort();
    hash.update(files.join('\n'));
    return hash.digest('hex');
  }

  it(
    `answers ${REQUESTS} hostile requests without a 5xx or a leak, and refusals change nothing (seed ${SEED})`,
    async () => {
      const random = seededRandom(SEED);
      const routes = t.app.apiRoutes;
      expect(routes.length).toBeGreaterThan(50);
      let before = await snapshot();
      const failures: string[] = [];
      for (let i = 0; i < REQUESTS && failures.length < 10; i++) {
        const route = routes[Math.floor(random() * routes.length)]!;
        const caller = callers[Math.floor(random() * callers.length)]!;
        const req = fuzzRequest(route, random);
        // An event stream never ends by itself: taken as a stream, its status read, then closed.
        const streaming = route.url.endsWith('/stream/');
        const res = await t.request({
          method: req.method as 'GET',
          url: req.url,
          headers: req.headers,
          ...(req.payload !== undefined ? { payload: req.payload } : {}),
          ...(caller ? { as: caller } : {}),
          ...(streaming ? { payloadAsStream: true } : {}),
        });
        if (streaming && res.statusCode < 300) {
          res.stream().destroy();
          tally.requests += 1;
          tally.accepted += 1;
          tally.byStatus[res.statusCode] = (tally.byStatus[res.statusCode] ?? 0) + 1;
          continue;
        }
        let body = '';
        if (streaming) for await (const chunk of res.stream()) body += String(chunk);
        else body = res.body;
        tally.requests += 1;
        tally.byStatus[res.statusCode] = (tally.byStatus[res.statusCode] ?? 0) + 1;
        const what = `#${i} ${req.method} ${req.url.slice(0, 200)} as ${caller ? (caller.user.is_staff ? 'staff' : caller.user.full_feature_access ? 'full' : 'limited') : 'visitor'} ${JSON.stringify(req.headers).slice(0, 200)} ${String(req.payload ?? '').slice(0, 300)}`;
        if (res.statusCode >= 500) {
          tally.serverErrors += 1;
          failures.push(`${res.statusCode} for ${what}\n  → ${body.slice(0, 300)}`);
          continue;
        }
        if (LEAK.test(body) && !res.headers['content-type']?.toString().startsWith('application/pdf')) {
          failures.push(`a leak in the answer to ${what}\n  → ${body.slice(0, 300)}`);
        }
        const after = await snapshot();
        if (res.statusCode >= 400) {
          tally.refused += 1;
          if (after !== before) failures.push(`${res.statusCode} refusal changed data: ${what}\n  → ${body.slice(0, 300)}`);
        } else {
          tally.accepted += 1;
        }
        before = after;
      }
      expect(failures, `seed ${SEED}`).toEqual([]);
    },
    Math.max(60_000, REQUESTS * 200),
  );
});
