/**
 * Browser tests: the system Chromium against the real server and the production build (run
 * `npm run build` first; scripts/test-all.sh does). One server for the run, started here.
 */
import { defineConfig } from '@playwright/test';
import { e2eEnv, serverEnv } from './tests/helpers/e2e-env';

const env = e2eEnv();

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 120_000,
  expect: { timeout: 15_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: env.baseURL,
    browserName: 'chromium',
    serviceWorkers: 'allow',
    viewport: { width: 1280, height: 800 },
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  webServer: {
    command: 'node --import tsx src-server/main.ts',
    // The readiness check goes to the address the server binds; the browser uses localhost.
    url: `http://127.0.0.1:${env.port}/`,
    env: { ...serverEnv(env) },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
