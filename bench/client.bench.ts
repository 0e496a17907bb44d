/**
 * Client benchmark (issue 3, Benchmark): the built app in the system Chromium against the real
 * server, behind a counting proxy, with the page's CPU throttled 6×.
 *
 * - Main-thread long tasks (> 50 ms) and the slowest interaction while the work-order list opens
 *   from the saved cache, a detail opens, and 100 queued actions flush (twice: panel closed, panel
 *   in use). The 100 actions are queued through the data worker's own API (tests/helpers/e2e-worker-port.ts).
 * - JavaScript (gzip) loaded before the first screen renders.
 * - Heartbeats and version checks reaching the server with 1 tab and with 10 tabs (and 10 tabs in
 *   fallback mode), over the same window; the hourly figure from the intervals in shared/constants.ts.
 *
 *   npm run bench:client [-- --window 90 --orders 200 --actions 100 --cpu 6]
 *
 * Needs dist/ (built here when dist/index.html is missing). The figures are wall-clock figures on
 * whatever machine runs this: on a shared, busy machine they are noisy.
 */
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { HEARTBEAT_INTERVAL_MS, VERSION_CHECK_INTERVAL_MS } from '../shared/constants.js';
import { measureBackground, type BackgroundFigures } from './client-background.js';
import { FIRST_SCREEN_AFTER_S, measureFirstScreen, type FirstScreenFigures, type ScriptLoad } from './client-first-screen.js';
import { measureFlows } from './client-flows.js';
import type { FlowFigures } from './client-probe.js';
import { CountingProxy } from './client-proxy.js';
import { ensureBuild, seedTasks, seedWorkOrders, startServer } from './client-server.js';

const { values } = parseArgs({
  options: {
    window: { type: 'string', default: '90' },
    orders: { type: 'string', default: '200' },
    actions: { type: 'string', default: '100' },
    cpu: { type: 'string', default: '6' },
  },
});
const WINDOW_MS = Number(values.window) * 1000;
const ORDERS = Number(values.orders);
const ACTIONS = Number(values.actions);
const CPU_RATE = Number(values.cpu);
/** Every tab is hidden and shown again this often during the background window. */
const FLIP_EVERY_MS = 15_000;
const STAGGER_MS = 20_000;
const SCRIPT_AIM_KB = 200;
const HOUR_MS = 60 * 60 * 1000;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${Math.round(value)} ms`;

function log(message: string): void {
  console.log(`[bench:client ${new Date().toISOString().slice(11, 19)}] ${message}`);
}

function flowRows(flows: FlowFigures[]): string[] {
  return flows.map((f) => {
    const tasks = f.longTasks === 0 ? '0' : `${f.longTasks} (longest ${ms(f.longestTaskMs)}, blocking ${ms(f.blockingMs)})`;
    const interaction = f.slowestInteraction ? `${ms(f.slowestInteraction.ms)} (${f.slowestInteraction.name})` : '— (no input)';
    return `| ${f.flow}${f.note ? ` (${f.note})` : ''} | ${tasks} | ${interaction} | ${ms(f.wallMs)} | no long task |`;
  });
}

function firstScreenRows(first: FirstScreenFigures): string[] {
  const row = (label: string, scripts: ScriptLoad[], aim: boolean) => {
    const gzip = scripts.reduce((n, s) => n + s.gzipBytes, 0);
    const raw = scripts.reduce((n, s) => n + s.bytes, 0);
    const verdict = aim ? ` ≤ ${SCRIPT_AIM_KB} KB gzip | ${gzip / 1024 <= SCRIPT_AIM_KB ? 'met' : 'NOT met'}` : ' | ';
    return `| ${label} (${scripts.length} file${scripts.length === 1 ? '' : 's'}) | ${kb(gzip)} gzip (${kb(raw)} as served) |${verdict} |`;
  };
  const isDataWorker = (s: ScriptLoad) => s.dest === 'sharedworker' || s.dest === 'worker';
  return [
    row('All JavaScript fetched before the first screen', first.scripts, true),
    row('… page scripts', first.scripts.filter((s) => s.dest === 'script'), false),
    row('… data worker', first.scripts.filter(isDataWorker), false),
    row('… service worker (registered at start-up)', first.scripts.filter((s) => s.dest === 'serviceworker'), false),
    row(`Fetched in the ${FIRST_SCREEN_AFTER_S} s after it: ${[...new Set(first.later.map((s) => s.dest))].join(', ') || 'nothing'}`, first.later, false),
    `| Landing heading rendered after | ${ms(first.renderedMs)} (in the DOM, under the 2 s splash) | | |`,
  ];
}

function backgroundRows(figures: BackgroundFigures[]): string[] {
  const modes = (f: BackgroundFigures) => {
    const counts = new Map<string, number>();
    for (const m of f.hostModes) counts.set(m, (counts.get(m) ?? 0) + 1);
    return [...counts].map(([m, n]) => `${m}×${n}`).join(', ');
  };
  return figures.map((f) => {
    const unexpected = f.hostModes.some((m) => m !== (f.fallback ? 'dedicated' : 'shared'));
    return `| ${f.label} | ${modes(f)}${unexpected ? ' (a tab fell back: its handshake took > 3 s)' : ''} | ${f.heartbeats} | ${f.versionChecks} | ${f.swChecks} | ${f.visibilityRounds} |`;
  });
}

async function main(): Promise<void> {
  const started = Date.now();
  ensureBuild();
  log('starting the server');
  const server = await startServer();
  const proxies: CountingProxy[] = [];
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    log(`adding ${ORDERS} work orders`);
    const { api, orders } = await seedWorkOrders(ORDERS);
    await seedTasks(api, 30);
    const proxy = await CountingProxy.start(server.env.port);
    proxies.push(proxy);

    log(`first visit, CPU ${CPU_RATE}× slower`);
    const first = await measureFirstScreen(browser, proxy, CPU_RATE);
    log('flows: list from cache, detail, flush');
    const { flows, flushes } = await measureFlows(browser, proxy, { cpuRate: CPU_RATE, api, orders, workerPath: server.sharedWorkerPath, actions: ACTIONS });
    log(`background hits: ${WINDOW_MS / 1000} s window, three scenarios side by side, started ${STAGGER_MS / 1000} s apart`);
    const background = await Promise.all(
      [
        { label: '1 tab', tabs: 1, fallback: false },
        { label: '10 tabs', tabs: 10, fallback: false },
        { label: '10 tabs, fallback mode (no SharedWorker)', tabs: 10, fallback: true },
      ].map(async (scenario, i) => {
        // Ten tabs starting at once load the machine; apart, no scenario's start-up slows another's.
        await new Promise((resolve) => setTimeout(resolve, i * STAGGER_MS));
        return measureBackground(browser, server.env.port, scenario, WINDOW_MS, FLIP_EVERY_MS);
      }),
    );

    const one = background[0]!;
    const ten = background.slice(1);
    const sameHits = ten.every((f) => f.heartbeats === one.heartbeats && f.versionChecks === one.versionChecks);
    const perHour = { heartbeats: HOUR_MS / HEARTBEAT_INTERVAL_MS, versions: HOUR_MS / VERSION_CHECK_INTERVAL_MS };

    const out = [
      '',
      `## Client benchmark (Chromium, page CPU ${CPU_RATE}× slower, ${ORDERS} extra work orders)`,
      '',
      `The throttle is set on the tab, whose main thread the long tasks and interactions are measured on; the data worker is a target of its own and runs unthrottled.`,
      '',
      '| Flow | Long tasks > 50 ms | Slowest interaction | Wall time | Aim |',
      '|---|---|---|---|---|',
      ...flowRows([first.load, ...flows]),
      '',
      ...flushes.map(
        (f) =>
          `- ${f.flow}: ${JSON.stringify(f.queued)} from the worker API; ${f.requests} ${f.action} requests reached the server within ${ms(f.sendingMs)} (first to last), ${f.settledOnServer}/${ACTIONS} orders ${f.action === 'claim' ? 'claimed' : 'pending again'} afterwards; the badge was gone ${ms(f.badgeAfterLastAnswerMs)} after the last answer (aim: within 1 s) and ${ms(f.wallMs)} after going online; ${f.interactions} interactions meanwhile (${f.note ?? ''}).`,
      ),
      '',
      '| Script loaded before the first screen | Measured | Aim | |',
      '|---|---|---|---|',
      ...firstScreenRows(first),
      '',
      `| Background hits in ${WINDOW_MS / 1000} s (sign-in and start-up included) | Host modes | Heartbeats | Version checks | /sw.js | Visibility flips per tab |`,
      '|---|---|---|---|---|---|',
      ...backgroundRows(background),
      '',
      `Aim: the same server hits for 10 tabs as for 1 — ${sameHits ? 'met in this window' : 'NOT met in this window'}.`,
      `Per hour, from the intervals (heartbeat ${HEARTBEAT_INTERVAL_MS / 60_000} min, version check ${VERSION_CHECK_INTERVAL_MS / 60_000} min): ${perHour.heartbeats} heartbeats + ${perHour.versions} version checks for the whole device whatever the number of tabs (one shared worker, or the locks and last-run times in fallback mode); a tab becoming visible adds at most one heartbeat per minute. Not in the aim but per tab: each tab asks the service worker registration for an update hourly (src-ui/sw/registration.ts), so ${ten[0]?.tabs ?? 10} tabs fetch /sw.js about ${ten[0]?.tabs ?? 10}× an hour.`,
      '',
      'Slowest frames (script attribution of the longest blocking frame per flow):',
      ...[first.load, ...flows]
        .filter((f) => f.worstFrameScripts.length > 0)
        .map((f) => `- ${f.flow}: ${f.worstFrameScripts.map((s) => `${s.invoker} → ${s.source || '?'} ${ms(s.duration)}`).join('; ')}`),
      '',
      `Run took ${Math.round((Date.now() - started) / 1000)} s. Wall-clock figures: noisy on a shared machine.`,
    ];
    console.log(out.join('\n'));
  } finally {
    await browser.close();
    for (const p of proxies) await p.close();
    await server.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
