/**
 * Shift benchmark: how responsive the main thread of a handheld stays over a realistic offline
 * shift, in both data-worker host modes (the SharedWorker, and the fallback's dedicated worker per
 * tab), with the page's CPU throttled through the DevTools protocol (4× by default) and a phone's
 * viewport. One supervisor per mode signs in online and lets the working set sync; then, with the
 * network really cut, about a hundred steps through the real UI with real clicks and typing
 * (bench/shift-run.ts): work orders claimed, completed and created (two with phone-sized photos),
 * a maintenance task completed with its procedure and another claimed, assets, wash counts,
 * chemical and part counts and fills, a reload of the tab and a second tab opened and closed; then
 * the network comes back and the queue flushes, and every write is checked on the server.
 *
 * Recorded in the main tab, step by step: long tasks (> 50 ms), total blocking time (with and
 * without the reload and the second tab), INP-style interaction latency from Event Timing, and the
 * long animation frames' script attributions; the second tab's figures apart; console errors.
 * Prints a markdown table per mode and the overall figures; writes the raw figures to
 * .bench-results/shift-<mode>-<timestamp>.json.
 *
 *   npm run bench:shift [-- --cpu 4 --modes shared,dedicated --creates 6 --photos 3,2 --claims 8 --completes 4 --input mouse]
 *
 * Needs dist/ (built here when dist/index.html is missing; rebuild it yourself when it is stale).
 * Wall-clock figures on whatever machine runs this: on a shared, busy machine they are noisy.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { CountingProxy } from './client-proxy.js';
import { ensureBuild, startServer } from './client-server.js';
import { makePhotos } from './shift-photos.js';
import { figuresOf, modeMarkdown, overallMarkdown, type ModeFigures } from './shift-report.js';
import { runShift, type HostMode, type ShiftResult } from './shift-run.js';

const { values } = parseArgs({
  options: {
    cpu: { type: 'string', default: '4' },
    modes: { type: 'string', default: 'shared,dedicated' },
    /** New work orders in the shift. */
    creates: { type: 'string', default: '6' },
    /** Photos on each of the orders that have some: "3,2" is two orders, with 3 and 2 photos. */
    photos: { type: 'string', default: '3,2' },
    'photo-size': { type: 'string', default: '2000x1500' },
    claims: { type: 'string', default: '8' },
    completes: { type: 'string', default: '4' },
    /** Older orders at the shift's yard besides those the shift works on. */
    orders: { type: 'string', default: '40' },
    /** mouse: a click, then the pointer parked (one interaction per tap); touch: emulated touch taps. */
    input: { type: 'string', default: 'mouse' },
  },
});
if (values.input !== 'mouse' && values.input !== 'touch') throw new Error('--input: mouse or touch');
const INPUT = values.input;
const CPU_RATE = Number(values.cpu);
const MODES = values.modes.split(',').map((m) => m.trim()) as HostMode[];
for (const mode of MODES) if (mode !== 'shared' && mode !== 'dedicated') throw new Error(`--modes: "${mode}" is neither shared nor dedicated`);
const PHOTO_ORDERS = values.photos
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const CREATES = Math.max(Number(values.creates), PHOTO_ORDERS.length);
/** Photos per new order: the photo orders spread over the creates (the first one, then halfway…). */
const CREATE_PLAN = Array.from({ length: CREATES }, () => 0);
PHOTO_ORDERS.forEach((n, k) => (CREATE_PLAN[Math.round((k * CREATES) / PHOTO_ORDERS.length)] = n));
const [PHOTO_WIDTH, PHOTO_HEIGHT] = values['photo-size'].split('x').map(Number) as [number, number];
const RESULTS_DIR = '.bench-results';

function log(message: string): void {
  console.log(`[bench:shift ${new Date().toISOString().slice(11, 19)}] ${message}`);
}

/** Warns when a client source is newer than the build (the figures would be of older code). */
function warnIfStale(): void {
  const built = statSync(join('dist', 'index.html')).mtimeMs;
  const newer: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (statSync(path).mtimeMs > built) newer.push(path);
    }
  };
  for (const dir of ['src-ui', 'src-worker', 'src-sw', 'shared']) if (existsSync(dir)) walk(dir);
  if (newer.length) log(`warning: ${newer.length} client source file(s) changed since dist/ was built (${newer.slice(0, 3).join(', ')}…): run npm run build for figures of the current code`);
}

async function main(): Promise<void> {
  const started = Date.now();
  ensureBuild();
  warnIfStale();
  mkdirSync(RESULTS_DIR, { recursive: true });
  log('starting the server');
  const server = await startServer();
  const clientDir = join(server.env.dataDir, 'client');
  const files = new Map<string, string>();
  /** A few characters of the served script at a position, for minified functions. */
  const codeAt = (source: string, position: number) => {
    if (!source.startsWith('/assets/') || position < 0) return undefined;
    if (!files.has(source)) files.set(source, existsSync(join(clientDir, source)) ? readFileSync(join(clientDir, source), 'utf8') : '');
    const text = files.get(source)!;
    return text ? text.slice(position, position + 60).replace(/\s+/g, ' ').replace(/`/g, "'") : undefined;
  };
  // Between the browser and the server, to see what the flush sends (the SharedWorker's requests too).
  const proxy = await CountingProxy.start(server.env.port);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const done: { result: ShiftResult; figures: ModeFigures; file: string; wallMs: number }[] = [];
  try {
    const photoCount = PHOTO_ORDERS.reduce((n, p) => n + p, 0);
    const photos = await makePhotos(browser, photoCount, PHOTO_WIDTH, PHOTO_HEIGHT);
    log(`${photos.length} photos of ${PHOTO_WIDTH}×${PHOTO_HEIGHT}: ${photos.map((p) => `${Math.round(p.bytes / 1024)} KB`).join(', ')}`);
    for (const mode of MODES) {
      const modeStart = Date.now();
      log(`=== ${mode} mode`);
      const result = await runShift(browser, {
        mode,
        cpuRate: CPU_RATE,
        baseURL: proxy.baseURL,
        apiURL: server.env.baseURL,
        dataDir: server.env.dataDir,
        proxy,
        input: INPUT,
        fillerOrders: Number(values.orders),
        claims: Number(values.claims),
        completes: Number(values.completes),
        creates: CREATE_PLAN,
        photos,
        log,
      });
      const figures = figuresOf(result, codeAt);
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = join(RESULTS_DIR, `shift-${mode}-${stamp}.json`);
      const wallMs = Date.now() - modeStart;
      const photoSizes = photos.map((p) => p.bytes);
      writeFileSync(file, JSON.stringify({ options: { ...values, cpu: CPU_RATE, createPlan: CREATE_PLAN, photoSize: [PHOTO_WIDTH, PHOTO_HEIGHT], photoBytes: photoSizes }, wallMs, figures, result }, null, 1));
      log(`${mode} mode took ${Math.round(wallMs / 1000)} s; raw figures in ${file}`);
      done.push({ result, figures, file, wallMs });
    }
  } finally {
    await browser.close();
    await proxy.close();
    await server.stop();
  }

  const out = ['', `## Shift benchmark (Chromium, page CPU ${CPU_RATE}× slower, 412×915 phone viewport, ${INPUT === 'mouse' ? 'taps as mouse clicks' : 'emulated touch taps'}, offline shift then flush)`, ''];
  out.push(
    'The throttle is set on each tab, whose main thread is measured; the data worker (the SharedWorker, a target of its own, or the dedicated worker) is not throttled. Steps are timed from the first input to the visible result (the card, the badge, the Pending sync box), plus a short drain of the probe.',
    '',
  );
  for (const { result, figures, file, wallMs } of done) out.push(...modeMarkdown(result, figures), `Raw figures: \`${file}\` (the mode took ${Math.round(wallMs / 1000)} s in all).`, '');
  if (done.length > 1) out.push(...overallMarkdown(done));
  out.push(`Run took ${Math.round((Date.now() - started) / 1000)} s. Wall-clock figures: noisy on a shared machine.`);
  console.log(out.join('\n'));
  if (done.some((d) => d.result.error)) process.exitCode = 1;
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
