import { defineConfig } from 'vitest/config';

/**
 * Server test files that measure time or drive servers to their limits (a stop's drain, timeouts,
 * /healthz during a PDF, kill -9 storms, HAProxy in front). scripts/test-all.sh runs the rest two
 * files at a time and these afterwards, one at a time: `TEST_TIMED=skip` leaves them out, `only`
 * keeps only them, unset runs every file.
 */
const TIMED = [
  'graceful-stop',
  'drain-idle',
  'pdf-responsiveness',
  'request-limits',
  'sync-proxy',
  'sync-stream-cluster',
  'durability',
  'scale-out',
].map((name) => `tests/server/${name}.test.ts`);
const timed = process.env.TEST_TIMED;

/**
 * Files about the HTTP server alone (a stop's drain of idle connections; timeouts, body and
 * connection limits per client): the database engine plays no part in them, so they run on SQLite
 * only and the PostgreSQL pass is not spent on them again.
 */
const ENGINE_FREE = ['drain-idle', 'request-limits'].map((name) => `tests/server/${name}.test.ts`);

const serverProject = (name: string, env: Record<string, string>, skip: readonly string[] = []) => ({
  test: {
    name,
    include: timed === 'only' ? TIMED : ['tests/server/**/*.test.ts'],
    exclude: [
      // Redis-backed counters are tested where a Redis is given (CI starts the machine's).
      ...(process.env.TEST_REDIS_URL ? [] : ['tests/server/rate-limit-redis.test.ts']),
      ...(timed === 'skip' ? TIMED : []),
      ...skip,
    ],
    environment: 'node',
    pool: 'forks' as const,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env,
  },
});

// The server suite runs on SQLite always, and again on PostgreSQL when TEST_DATABASE_URL is set.
const projects = [
  {
    test: {
      name: 'unit',
      include: ['tests/unit/**/*.test.ts'],
      environment: 'node',
      setupFiles: ['tests/unit/helpers/setup.ts'],
    },
  },
  serverProject('server', { TEST_DB: 'sqlite' }),
  ...(process.env.TEST_DATABASE_URL ? [serverProject('server-pg', { TEST_DB: 'postgres' }, ENGINE_FREE)] : []),
];

export default defineConfig({ test: { projects } });
