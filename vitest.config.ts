import { defineConfig } from 'vitest/config';

const serverProject = (name: string, env: Record<string, string>) => ({
  test: {
    name,
    include: ['tests/server/**/*.test.ts'],
    // Redis-backed counters are tested where a Redis is given (CI starts the machine's).
    exclude: process.env.TEST_REDIS_URL ? [] : ['tests/server/rate-limit-redis.test.ts'],
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
  ...(process.env.TEST_DATABASE_URL ? [serverProject('server-pg', { TEST_DB: 'postgres' })] : []),
];

export default defineConfig({ test: { projects } });
