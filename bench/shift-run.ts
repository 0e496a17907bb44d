/**
 * One host mode's shift: a supervisor (the role that may do all of it: technicians have no
 * chemicals or parts) signs in online, the working set syncs and the screens used later are seen
 * once; then the network is really cut (tests/helpers/e2e-network.ts), the tab's CPU is throttled,
 * and the shift runs through the real UI with real input: work orders claimed, completed and
 * created (some with phone photos), a maintenance task completed with its procedure and another
 * claimed, assets looked at, wash counts, chemical and part counts and fills; a reload of the tab
 * and a second tab opened and closed on the way; at the end the network comes back and the queue
 * flushes. Afterwards every write is checked on the server: each reached it exactly once.
 *
 * Every locator in a measured step is a CSS selector (with a text filter at most): see the note in
 * client-flows.ts on role queries under a throttle.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Locator, Page } from '@playwright/test';
import type { Chemical } from '../shared/api/chemicals.js';
import type { Location } from '../shared/api/locations.js';
import type { MaintenanceTask } from '../shared/api/maintenance.js';
import type { Part } from '../shared/api/parts.js';
import type { WashRecordsPage } from '../shared/api/washes.js';
import type { WorkOrder } from '../shared/api/workorders.js';
import { badgeCount } from '../src-ui/format/display.js';
import { HttpClient, SUPERVISOR } from '../tests/helpers/e2e-api.js';
import { expect, serviceWorkerReady, signIn } from '../tests/helpers/e2e-app.js';
import { NetworkControl } from '../tests/helpers/e2e-network.js';
import { SharedWorkerResumer } from './client-worker-resume.js';
import type { CountingProxy } from './client-proxy.js';
import { ConsoleLog, type ConsoleEntry } from './shift-console.js';
import type { Photo } from './shift-photos.js';
import { drainShift, installShiftProbe, type ShiftDrained } from './shift-probe.js';
import { Recorder, type StepRecord } from './shift-record.js';
import { ShiftNetwork } from './shift-tab.js';

export type HostMode = 'shared' | 'dedicated';

export interface ShiftOptions {
  mode: HostMode;
  cpuRate: number;
  baseURL: string;
  /** Older orders at the shift's yard, so its list pages like a real site's. */
  fillerOrders: number;
  claims: number;
  completes: number;
  /** Photos per new order, e.g. [3, 0, 0, 0, 2, 0]: six orders, the first with three photos. */
  creates: number[];
  photos: Photo[];
  /**
   * How taps are made: a mouse click, the pointer then parked in the corner (one Event Timing
   * interaction per tap, as a phone's tap is), or an emulated touch tap (Chromium's emulation then
   * reports the touch's pointer events and the click as two interactions).
   */
  input: 'mouse' | 'touch';
  /** The server itself, for the seeding and the checks. */
  apiURL: string;
  /** The server's data directory, whose database the checks read for what arrived. */
  dataDir: string;
  /** The counting proxy the browser goes through (`baseURL`), for the flush's requests. */
  proxy: CountingProxy;
  log: (message: string) => void;
}

export interface FlushRequests {
  request: string;
  count: number;
  statuses: Record<string, number>;
  /** First and last start, since the network came back. */
  firstMs: number;
  lastMs: number;
}

/** The proxy's requests other than GET started in [from, to), grouped by method and path (ids as :id). */
function flushRequestsOf(proxy: CountingProxy, from: number, to: number): FlushRequests[] {
  const groups = new Map<string, FlushRequests>();
  for (const r of proxy.requests) {
    if (r.method === 'GET' || r.startedAt < from || r.startedAt >= to || !r.path.startsWith('/api/')) continue;
    const key = `${r.method} ${r.path.replace(/\/\d+(?=\/|$)/g, '/:id')}`;
    const group = groups.get(key) ?? { request: key, count: 0, statuses: {}, firstMs: r.startedAt - from, lastMs: 0 };
    group.count++;
    group.statuses[r.status] = (group.statuses[r.status] ?? 0) + 1;
    group.lastMs = r.startedAt - from;
    groups.set(key, group);
  }
  return [...groups.values()].sort((a, b) => a.firstMs - b.firstMs);
}

export interface Check {
  what: string;
  expected: string;
  actual: string;
  ok: boolean;
}

export interface ShiftResult {
  mode: HostMode;
  cpuRate: number;
  startedAt: string;
  /** Sign-in, first sync and the screens seen once, online and unthrottled. */
  setupMs: number;
  /** From the first offline step to the end of the flush. */
  shiftMs: number;
  flushMs: number | null;
  /** The writes that reached the server during the flush, by kind (the proxy's view). */
  flushRequests: FlushRequests[];
  /** [ms since the network came back, badge count], sampled once a second. */
  flushCurve: [number, number][];
  /** Each queue item's attempts as the Offline Activity panel shows them after the flush. */
  attempts: number[];
  queued: number;
  hostModeSeen: string[];
  steps: StepRecord[];
  console: ConsoleEntry[];
  /** Things the app did that the shift did not expect (checked without stopping the shift). */
  anomalies: string[];
  /** Steps in which a toast covered the element to tap and was closed first. */
  toastsClosed: string[];
  checks: Check[];
  error: string | null;
}

/** Generous: the page runs several times slower on purpose, and the machine is shared. */
const STEP_TIMEOUT_MS = 60_000;
const FLUSH_TIMEOUT_MS = 240_000;
/** How long a check that does not stop the shift waits. */
const SOFT_TIMEOUT_MS = 15_000;

const THREE_STEPS = [
  { kind: 'check', label: 'Belt intact', required: true },
  { kind: 'reading', label: 'Pump pressure', required: true, unit: 'psi', min: 10, max: 100 },
  { kind: 'text', label: 'Remarks', required: false },
];

/** Each host mode works at its own car wash and on its own first part, so the two never share a total. */
const SITES: Record<HostMode, { wash: number; countedPart: number; filledPart: number; partLocation: number }> = {
  shared: { wash: 1104, countedPart: 6, filledPart: 4, partLocation: 3008 },
  dedicated: { wash: 1311, countedPart: 2, filledPart: 4, partLocation: 3008 },
};
/** Chemicals 2 (counted, then filled) and 3 (filled) of the demo data, stocked at every car wash. */
const COUNTED_CHEMICAL = 2;
const FILLED_CHEMICAL = 3;
const WASH_ENTRIES: Record<string, number>[] = [
  { 'Basic Wash': 5, 'Deluxe Wash': 2 },
  { 'Basic Wash': 3, 'The Works': 1 },
];
const PACKAGES = ['Basic Wash', 'Deluxe Wash', 'Ultimate Shine', 'The Works'];

interface Seeded {
  api: HttpClient;
  /** When seeding started, as the server's timestamps write it. */
  seededAt: string;
  tag: string;
  yard: Location;
  toClaim: WorkOrder[];
  toComplete: WorkOrder[];
  procedureTask: MaintenanceTask;
  taskToClaim: MaintenanceTask;
  before: { chemicals: Record<number, number>; parts: Record<number, number>; washes: Record<string, number> };
}

const chemicalAt = async (api: HttpClient, id: number, location: number) =>
  (await api.request<Chemical>('GET', `/chemicals/${id}/`)).body.locations.find((e) => e.location.id === location)!.current_quantity;
const partQuantity = async (api: HttpClient, id: number) => (await api.request<Part>('GET', `/parts/${id}/`)).body.quantity;
async function washTotals(api: HttpClient, location: number): Promise<Record<string, number>> {
  const page = (await api.request<WashRecordsPage>('GET', `/washes/washrecords/?location=${location}`)).body;
  return Object.fromEntries(page.package_totals.map((t) => [t.package.name, t.total]));
}

async function seed(opts: ShiftOptions): Promise<Seeded> {
  const api = await HttpClient.signIn(SUPERVISOR, opts.apiURL);
  const seededAt = new Date().toISOString();
  const tag = randomUUID().slice(0, 4);
  const yard = await api.createLocation(`Shift Yard ${opts.mode} ${tag}`);
  for (let i = 0; i < opts.fillerOrders; i += 10) {
    await Promise.all(
      Array.from({ length: Math.min(10, opts.fillerOrders - i) }, (_, j) => api.createWorkOrder(yard.id, `Older order ${i + j + 1}: walk-in cooler alarm, check the door gasket and the evaporator fan.`)),
    );
  }
  // One at a time, so the list (newest first) shows the orders to claim on its first page.
  const toComplete: WorkOrder[] = [];
  for (let i = 0; i < opts.completes; i++) toComplete.push(await api.claim((await api.createWorkOrder(yard.id, `Close-out ${tag} ${i + 1}: replace the worn squeegee blade on bay ${i + 1}.`)).id));
  const toClaim: WorkOrder[] = [];
  for (let i = 0; i < opts.claims; i++) toClaim.push(await api.createWorkOrder(yard.id, `Shift ${tag} job ${i + 1}: vacuum station ${i + 1} hose cracked at the swivel.`));
  const created = await api.createTask(yard.id, `Inspect the wash pumps (${tag})`);
  await api.updateTask(created.id, { steps: THREE_STEPS });
  const procedureTask = await api.taskAction(created.id, 'claim');
  const taskToClaim = await api.createTask(yard.id, `Grease the conveyor rollers (${tag})`);
  const site = SITES[opts.mode];
  return {
    api,
    seededAt,
    tag,
    yard,
    toClaim,
    toComplete,
    procedureTask,
    taskToClaim,
    before: {
      chemicals: { [COUNTED_CHEMICAL]: await chemicalAt(api, COUNTED_CHEMICAL, site.wash), [FILLED_CHEMICAL]: await chemicalAt(api, FILLED_CHEMICAL, site.wash) },
      parts: { [site.countedPart]: await partQuantity(api, site.countedPart), [site.filledPart]: await partQuantity(api, site.filledPart) },
      washes: await washTotals(api, site.wash),
    },
  };
}

// ---- CSS locators (no role queries in measured steps)

const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const exactText = (text: string) => new RegExp(`^\\s*${escapeRe(text)}\\s*$`);
const heading = (page: Page, text: string | RegExp) => page.locator('main h1', { hasText: text });
const hubLink = (page: Page, href: string) => page.locator(`main a.link-button[href="${href}"]`);
const backButton = (page: Page) => page.locator('main .page-header a.link-button', { hasText: 'Back' });
const button = (scope: Page | Locator, label: string) => scope.locator('button', { hasText: exactText(label) });
const dialog = (page: Page, header: string) => page.locator('.p-dialog', { has: page.locator('.p-dialog-title', { hasText: header }) });
const badge = (page: Page) => page.locator('.offline-activity-badge');
const card = (page: Page, href: string) => page.locator(`a.wo-card[href="${href}"]`);
const cards = (page: Page, prefix: string) => page.locator(`main a.wo-card[href^="${prefix}"]`);
const pendingSync = (page: Page) => page.locator('main .pending-sync');
const filterDropdown = (page: Page) => page.locator('main .filters .p-dropdown').first();

/** Picks `option` in a PrimeReact dropdown unless it is chosen already; returns whether it clicked. */
async function pick(page: Page, dropdown: Locator, option: string, tap: (target: Locator) => Promise<void>): Promise<boolean> {
  const label = dropdown.locator('.p-dropdown-label');
  if ((await label.textContent())?.trim() === option) return false;
  await tap(dropdown);
  await tap(page.locator('.p-dropdown-panel .p-dropdown-item', { hasText: exactText(option) }));
  await expect(label).toHaveText(option, { timeout: STEP_TIMEOUT_MS });
  return true;
}

class Shift {
  queued = 0;
  readonly anomalies: string[] = [];
  readonly hostModes: string[] = [];
  /** [ms since the network came back, badge count] during the flush. */
  readonly flushCurve: [number, number][] = [];

  constructor(
    private readonly page: Page,
    private readonly rec: Recorder,
    private readonly data: Seeded,
    private readonly opts: ShiftOptions,
    private readonly network: ShiftNetwork,
  ) {}

  /** Steps in which a toast covered what was to be tapped, and was closed first. */
  readonly toastsClosed: string[] = [];
  readonly tapper = (target: Locator) => this.tap(target);

  /**
   * Taps `target` as a user of a handheld would (no pointer left hovering afterwards, which would
   * hold a toast on screen: PrimeReact pauses a toast's timer under the pointer). When a toast would
   * take a tap at the target's middle (they stay 6 s, at the bottom, where a phone shows forms' buttons and
   * the last cards), the toast is closed first with its own button, rather than waiting for it to go
   * (Playwright's click waits until nothing covers its target). No "trial" actions: with touch
   * emulation, a trial tap before the tap left the next typed key without its text (seen here).
   */
  private async tap(target: Locator): Promise<void> {
    const touch = this.opts.input === 'touch';
    await target.waitFor({ state: 'visible' });
    await this.closeToastsOver(target, touch);
    if (touch) await target.tap();
    else {
      await target.click();
      // The finger lifts: no pointer stays over what appears there next.
      await this.page.mouse.move(1, 1);
    }
  }

  private async closeToastsOver(target: Locator, touch: boolean): Promise<void> {
    const toasts = this.page.locator('.p-toast-message');
    if ((await toasts.count()) === 0) return;
    await target.scrollIntoViewIfNeeded({ timeout: 2_000 }).catch(() => undefined);
    const box = await target.boundingBox({ timeout: 2_000 }).catch(() => null);
    if (!box) return;
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    // Only a toast that would take the tap counts (on a touch screen taps go through toasts).
    const intercepts = await this.page.evaluate(({ x, y }) => Boolean(document.elementFromPoint(x, y)?.closest('.p-toast')), { x, y });
    if (!intercepts) return;
    // One snapshot of every toast (a locator per toast would wait for one that has just gone).
    const rects = await toasts.evaluateAll((all) => all.map((t) => t.getBoundingClientRect()).map((r) => ({ x: r.x, y: r.y, width: r.width, height: r.height })));
    let closed = 0;
    for (let i = rects.length - 1; i >= 0; i--) {
      const over = rects[i]!;
      if (x < over.x || x > over.x + over.width || y < over.y || y > over.y + over.height) continue;
      const close = toasts.nth(i).locator('.p-toast-icon-close');
      await (touch ? close.tap({ timeout: 2_000 }) : close.click({ timeout: 2_000 })).catch(() => undefined);
      closed++;
    }
    if (closed) {
      if (!touch) await this.page.mouse.move(1, 1);
      this.rec.mark(`${closed} toast${closed === 1 ? '' : 's'} closed`);
      this.toastsClosed.push(`${this.rec.steps.length + 1} ${this.rec.current}`);
    }
  }

  /** Taps a field and types into it key by key; a field left with other than the text is noted. */
  private async typeInto(field: Locator, text: string, what: string): Promise<void> {
    await this.tap(field);
    await field.pressSequentially(text);
    await this.soft(`${what} shows what was typed`, () => expect(field).toHaveValue(text, { timeout: 3_000 }));
  }

  /** A check that records what the app did wrong and lets the shift go on. */
  private async soft(what: string, check: () => Promise<void>): Promise<void> {
    try {
      await check();
    } catch (err) {
      this.anomalies.push(`${this.rec.steps.length + 1}: ${what}: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
    }
  }

  /** The badge shows `added` more queued actions (the queue survives reloads and is shared by tabs). */
  private async queuedMore(added: number, page = this.page): Promise<void> {
    this.queued += added;
    await expect(badge(page)).toHaveText(badgeCount(this.queued), { timeout: STEP_TIMEOUT_MS });
    this.rec.mark('badge');
  }

  private async hostMode(page: Page): Promise<void> {
    const mode = await page.locator('.app[data-host-mode]').getAttribute('data-host-mode', { timeout: STEP_TIMEOUT_MS });
    this.hostModes.push(mode ?? 'none');
    if (mode !== this.opts.mode) this.anomalies.push(`${this.rec.steps.length}: the tab runs a ${mode} worker, not the ${this.opts.mode} one`);
  }

  private step(name: string, run: () => Promise<void>, detail?: string): Promise<void> {
    return this.rec.step(name, run, detail ? { detail } : {});
  }

  async goHome(): Promise<void> {
    await this.step('Home (top bar)', async () => {
      await this.tap(this.page.locator('nav.topbar-nav a[href="/home"]'));
      await expect(hubLink(this.page, '/workorder-home')).toBeVisible();
    });
  }

  // ---- work orders

  async toWorkOrderHome(): Promise<void> {
    await this.step('Home → Work Orders', async () => {
      await this.tap(hubLink(this.page, '/workorder-home'));
      await expect(hubLink(this.page, '/workorder-list')).toBeVisible();
    });
  }

  async openWorkOrderList(): Promise<void> {
    await this.step('Open the work-order list', async () => {
      await this.tap(hubLink(this.page, '/workorder-list'));
      await expect(cards(this.page, '/workorder-detail/').first()).toBeVisible();
    });
  }

  async filterByYard(): Promise<void> {
    await this.step('Filter the list by location', async () => {
      await pick(this.page, filterDropdown(this.page), this.data.yard.name, this.tapper);
      await expect(card(this.page, `/workorder-detail/${this.data.toClaim[0]!.id}`)).toBeVisible();
    });
  }

  private async openOrder(order: WorkOrder): Promise<void> {
    await this.step(
      'Open a work order',
      async () => {
        await this.tap(card(this.page, `/workorder-detail/${order.id}`));
        await expect(heading(this.page, `Work Order #${order.id}`)).toBeVisible();
      },
      `#${order.id}`,
    );
  }

  private async backToList(order: WorkOrder, tag: string): Promise<void> {
    await this.step(
      'Back to the list',
      async () => {
        await this.tap(backButton(this.page));
        await expect(card(this.page, `/workorder-detail/${order.id}`)).toBeVisible();
      },
      `#${order.id}`,
    );
    await this.soft(`the card of #${order.id} shows ${tag}`, () => expect(card(this.page, `/workorder-detail/${order.id}`)).toContainText(tag, { timeout: SOFT_TIMEOUT_MS }));
  }

  async claimOrder(order: WorkOrder): Promise<void> {
    await this.openOrder(order);
    await this.step(
      'Claim a work order',
      async () => {
        await this.tap(button(this.page.locator('main'), 'Claim'));
        await this.tap(button(dialog(this.page, 'Confirm Claim'), 'Claim'));
        this.rec.mark('confirmed');
        await expect(pendingSync(this.page)).toContainText('Work order · Claim');
        this.rec.mark('pending sync shown');
        await this.queuedMore(1);
      },
      `#${order.id}`,
    );
    await this.backToList(order, 'Pending sync');
  }

  async searchCloseOuts(): Promise<void> {
    await this.step('Search the list', async () => {
      await this.typeInto(this.page.locator('#workorders-filter-search'), `close-out ${this.data.tag}`, 'the search box');
      await expect(cards(this.page, '/workorder-detail/')).toHaveCount(this.data.toComplete.length);
    });
  }

  async completeOrder(order: WorkOrder, notes: string): Promise<void> {
    await this.openOrder(order);
    await this.step(
      'Complete a work order (typed notes)',
      async () => {
        await this.tap(button(this.page.locator('main'), 'Complete'));
        const confirm = dialog(this.page, 'Confirm Complete');
        const field = confirm.locator('#workorders-field-notes');
        await field.waitFor();
        this.rec.mark('dialog');
        await this.typeInto(field, notes, 'Field Notes');
        this.rec.mark('typed');
        await this.tap(button(confirm, 'Complete'));
        this.rec.mark('confirmed');
        await expect(pendingSync(this.page)).toContainText('Work order · Complete');
        this.rec.mark('pending sync shown');
        await this.queuedMore(1);
      },
      `#${order.id}`,
    );
    await this.backToList(order, 'Pending sync');
  }

  async listToWorkOrderHome(): Promise<void> {
    await this.step('Back to Work Orders home', async () => {
      await this.tap(backButton(this.page));
      await expect(hubLink(this.page, '/workorder-create')).toBeVisible();
    });
  }

  async createOrder(index: number, photos: Photo[]): Promise<void> {
    const description = `${this.data.tag} new ${index}: pump ${index} leaking at the seal`;
    await this.step(
      'Open Create Work Order',
      async () => {
        await this.tap(hubLink(this.page, '/workorder-create'));
        await expect(this.page.locator('#wo-description')).toBeVisible();
      },
      `order ${index}`,
    );
    const location = this.page.locator('.p-dropdown:has(#wo-location)');
    if ((await location.locator('.p-dropdown-label').textContent())?.trim() !== this.data.yard.name) {
      await this.step('Choose the location', async () => void (await pick(this.page, location, this.data.yard.name, this.tapper)), `order ${index}`);
    }
    await this.step(
      'Type the description',
      async () => {
        await this.typeInto(this.page.locator('#wo-description'), description, 'the description');
      },
      `order ${index}`,
    );
    if (photos.length) {
      await this.step(
        'Attach photos',
        async () => {
          await this.page.locator('#wo-attachments').setInputFiles(photos.map((p) => p.path));
          await expect(this.page.locator('main ul[aria-label="Chosen attachments"] li')).toHaveCount(photos.length);
        },
        `order ${index}, ${photos.length} × ${Math.round(photos.reduce((n, p) => n + p.bytes, 0) / photos.length / 1024)} KB`,
      );
    }
    await this.step(
      'Submit a new work order',
      async () => {
        await this.tap(this.page.locator('main form button[type="submit"]'));
        this.rec.mark('clicked');
        await expect(this.page).toHaveURL(/\/workorder-home\/?$/, { timeout: STEP_TIMEOUT_MS });
        this.rec.mark('back on Work Orders home');
        await this.queuedMore(1);
      },
      `order ${index}${photos.length ? `, ${photos.length} photos` : ''}`,
    );
  }

  // ---- a second tab and a reload

  async reload(): Promise<void> {
    await this.rec.step(
      'Reload the tab (offline)',
      async () => {
        await this.page.reload();
        this.rec.mark('loaded');
        await expect(cards(this.page, '/workorder-detail/').first()).toBeVisible();
        this.rec.mark('cards shown');
        await expect(badge(this.page)).toHaveText(badgeCount(this.queued), { timeout: STEP_TIMEOUT_MS });
      },
      { phase: 'reload', detail: 'work-order list' },
    );
    await this.hostMode(this.page);
  }

  async secondTab(): Promise<void> {
    const context = this.page.context();
    await this.rec.step(
      'Open a second tab',
      async () => {
        const extra = await context.newPage();
        extra.setDefaultTimeout(STEP_TIMEOUT_MS);
        // Throttled (and offline) before its first byte, like the main tab.
        await this.network.throttle(extra, this.opts.cpuRate);
        this.rec.extra = extra;
        await extra.goto('/workorder-list');
        this.rec.mark('loaded');
        await expect(extra.locator('main a.wo-card').first()).toBeVisible({ timeout: STEP_TIMEOUT_MS });
        this.rec.mark('cards shown');
      },
      { phase: 'tab', detail: 'work-order list' },
    );
    const extra = this.rec.extra!;
    await this.hostMode(extra);
    await this.soft('the second tab shows the same queue', () => expect(badge(extra)).toHaveText(badgeCount(this.queued), { timeout: SOFT_TIMEOUT_MS }));
    let last: ShiftDrained | null = null;
    await this.rec.step(
      'Close the second tab',
      async () => {
        const closing = this.rec.extra!;
        this.rec.extra = null;
        // Its entries since the last drain, kept with this step.
        last = await drainShift(closing);
        await closing.close();
        // The main tab goes on: its badge still says what is queued.
        await expect(badge(this.page)).toHaveText(badgeCount(this.queued));
      },
      { phase: 'tab' },
    );
    this.rec.steps[this.rec.steps.length - 1]!.extra = last;
  }

  // ---- maintenance

  async maintenance(): Promise<void> {
    const { procedureTask, taskToClaim, yard } = this.data;
    await this.step('Open Preventative Maintenance', async () => {
      await this.tap(hubLink(this.page, '/maintenance-list'));
      await expect(cards(this.page, '/maintenance-detail/').first()).toBeVisible();
    });
    await this.step('Filter the list by location', async () => {
      await pick(this.page, filterDropdown(this.page), yard.name, this.tapper);
      await expect(cards(this.page, '/maintenance-detail/')).toHaveCount(2);
    });
    const openTask = (task: MaintenanceTask) =>
      this.step(
        'Open a task',
        async () => {
          await this.tap(card(this.page, `/maintenance-detail/${task.id}`));
          await expect(heading(this.page, `Task #${task.id}`)).toBeVisible();
        },
        `#${task.id}`,
      );
    await openTask(procedureTask);
    await this.step(
      'Complete a task (3-step procedure)',
      async () => {
        await this.tap(button(this.page.locator('main'), 'Complete'));
        const confirm = dialog(this.page, 'Confirm Complete');
        const stepBox = (label: string) => confirm.locator('fieldset.procedure-answer', { has: this.page.locator('legend', { hasText: label }) });
        await this.tap(stepBox('Belt intact').locator('label', { hasText: exactText('Pass') }));
        await this.typeInto(stepBox('Pump pressure').locator('input'), '42', 'the Pump pressure reading');
        await this.typeInto(stepBox('Remarks').locator('textarea'), 'Bearing a little noisy', 'the Remarks answer');
        this.rec.mark('answered');
        await this.tap(button(confirm, 'Complete'));
        await expect(pendingSync(this.page)).toContainText('Task · Complete');
        this.rec.mark('pending sync shown');
        await this.queuedMore(1);
      },
      `#${procedureTask.id}`,
    );
    await this.step('Back to the list', async () => {
      await this.tap(backButton(this.page));
      await expect(card(this.page, `/maintenance-detail/${taskToClaim.id}`)).toBeVisible();
    });
    await openTask(taskToClaim);
    await this.step(
      'Claim a task',
      async () => {
        await this.tap(button(this.page.locator('main'), 'Claim'));
        await this.tap(button(dialog(this.page, 'Confirm Claim'), 'Claim'));
        await expect(pendingSync(this.page)).toContainText('Task · Claim');
        await this.queuedMore(1);
      },
      `#${taskToClaim.id}`,
    );
  }

  // ---- inventory

  async assets(): Promise<void> {
    await this.step('Home → Inventory', async () => {
      await this.tap(hubLink(this.page, '/inventory-home'));
      await expect(hubLink(this.page, '/asset-list')).toBeVisible();
    });
    await this.step('Open the asset list', async () => {
      await this.tap(hubLink(this.page, '/asset-list'));
      await expect(cards(this.page, '/asset-detail/').first()).toBeVisible();
    });
    await this.step('Open an asset', async () => {
      await this.tap(cards(this.page, '/asset-detail/').nth(1));
      await expect(button(this.page.locator('main'), 'Move Asset')).toBeVisible();
    });
    await this.step('Back to the list', async () => {
      await this.tap(backButton(this.page));
      await expect(cards(this.page, '/asset-detail/').first()).toBeVisible();
    });
    await this.step('Back to Inventory home', async () => {
      await this.tap(hubLink(this.page, '/inventory-home').filter({ hasText: 'Inventory Home' }));
      await expect(hubLink(this.page, '/chemical-list')).toBeVisible();
    });
  }

  private async quantity(name: string, header: string, value: string, detail: string): Promise<void> {
    await this.step(
      name,
      async () => {
        await this.tap(button(this.page.locator('main'), header.split(' ')[0] === 'Fill' ? 'Fill' : 'Inventory'));
        const modal = dialog(this.page, header);
        await this.typeInto(modal.locator('#quantity'), value, `the ${header} quantity`);
        await this.tap(modal.locator('button[type="submit"]'));
        this.rec.mark('saved');
        await expect(modal).toHaveCount(0);
        this.rec.mark('dialog closed');
        await this.queuedMore(1);
      },
      detail,
    );
  }

  async chemicals(): Promise<void> {
    const wash = SITES[this.opts.mode].wash;
    await this.step('Open the chemical list', async () => {
      await this.tap(hubLink(this.page, '/chemical-list'));
      await expect(heading(this.page, 'Chemicals')).toBeVisible();
    });
    const washName = (await this.data.api.request<Location>('GET', `/locations/${wash}/`)).body.name;
    await this.step('Filter the list by location', async () => {
      await pick(this.page, filterDropdown(this.page), washName, this.tapper);
      await expect(card(this.page, `/chemical-detail/${COUNTED_CHEMICAL}?location=${wash}`)).toBeVisible();
    });
    for (const [i, entry] of WASH_ENTRIES.entries()) {
      await this.step(
        'Open Enter Wash Counts',
        async () => {
          await this.tap(button(this.page.locator('main'), 'Record Wash Data'));
          await expect(dialog(this.page, 'Enter Wash Counts').locator('input').first()).toBeVisible();
        },
        `entry ${i + 1}`,
      );
      await this.step(
        'Type and save wash counts',
        async () => {
          const modal = dialog(this.page, 'Enter Wash Counts');
          for (const [name, count] of Object.entries(entry)) {
            const input = modal.locator('.field', { has: this.page.locator('label', { hasText: exactText(name) }) }).locator('input');
            await this.typeInto(input, String(count), `the ${name} count`);
          }
          // What the dialog holds as Save is tapped (an empty field counts as 0).
          const shown = await modal.locator('input').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
          const wanted = PACKAGES.map((p) => (entry[p] === undefined ? '' : String(entry[p])));
          if (shown.join('|') !== wanted.join('|')) this.anomalies.push(`${this.rec.steps.length + 1}: the wash counts dialog holds ${JSON.stringify(shown)} at Save, not ${JSON.stringify(wanted)}`);
          await this.tap(button(modal, 'Save Counts'));
          this.rec.mark('saved');
          await expect(modal).toHaveCount(0);
          this.rec.mark('dialog closed');
          await this.queuedMore(PACKAGES.length);
        },
        Object.entries(entry)
          .map(([n, c]) => `${n} ${c}`)
          .join(', '),
      );
    }
    const openChemical = (id: number) =>
      this.step(
        'Open a chemical',
        async () => {
          await this.tap(card(this.page, `/chemical-detail/${id}?location=${wash}`));
          await expect(this.page.locator('main .detail-grid')).toBeVisible();
        },
        `#${id}`,
      );
    await openChemical(COUNTED_CHEMICAL);
    await this.quantity('Chemical inventory count', 'Inventory Chemical', '20', `#${COUNTED_CHEMICAL}: 20`);
    await this.quantity('Chemical fill', 'Fill Chemical', '1.5', `#${COUNTED_CHEMICAL}: 1.5`);
    await this.step('Back to the list', async () => {
      await this.tap(backButton(this.page));
      await expect(card(this.page, `/chemical-detail/${FILLED_CHEMICAL}?location=${wash}`)).toBeVisible();
    });
    await openChemical(FILLED_CHEMICAL);
    await this.quantity('Chemical fill', 'Fill Chemical', '2', `#${FILLED_CHEMICAL}: 2`);
    await this.step('Back to the list', async () => {
      await this.tap(backButton(this.page));
      await expect(heading(this.page, 'Chemicals')).toBeVisible();
    });
    await this.step('Back to Inventory home', async () => {
      await this.tap(hubLink(this.page, '/inventory-home').filter({ hasText: 'Inventory Home' }));
      await expect(hubLink(this.page, '/part-list')).toBeVisible();
    });
  }

  async parts(): Promise<void> {
    const site = SITES[this.opts.mode];
    const partLocationName = (await this.data.api.request<Location>('GET', `/locations/${site.partLocation}/`)).body.name;
    await this.step('Open the part list', async () => {
      await this.tap(hubLink(this.page, '/part-list'));
      await expect(heading(this.page, 'Part List')).toBeVisible();
    });
    await this.step('Filter the list by location', async () => {
      await pick(this.page, filterDropdown(this.page), partLocationName, this.tapper);
      await expect(card(this.page, `/part-detail/${site.countedPart}`)).toBeVisible();
    });
    const openPart = (id: number) =>
      this.step(
        'Open a part',
        async () => {
          await this.tap(card(this.page, `/part-detail/${id}`));
          await expect(this.page.locator('main .detail-grid')).toBeVisible();
        },
        `#${id}`,
      );
    await openPart(site.countedPart);
    await this.quantity('Part inventory count', 'Inventory Part', '10', `#${site.countedPart}: 10`);
    await this.quantity('Part fill', 'Fill Part', '3', `#${site.countedPart}: 3`);
    await this.step('Back to the list', async () => {
      await this.tap(backButton(this.page));
      await expect(card(this.page, `/part-detail/${site.filledPart}`)).toBeVisible();
    });
    await openPart(site.filledPart);
    await this.quantity('Part fill', 'Fill Part', '2', `#${site.filledPart}: 2`);
  }

  async flush(): Promise<{ ms: number; start: number }> {
    const start = Date.now();
    await this.rec.step(
      'Back online: the queue flushes',
      async () => {
        await this.network.setOffline(false);
        await expect(this.page.locator('.offline-banner')).toHaveCount(0, { timeout: STEP_TIMEOUT_MS });
        this.rec.mark('online banner gone');
        // The badge, once a second until it is gone: how the queue drains.
        const deadline = Date.now() + FLUSH_TIMEOUT_MS;
        for (;;) {
          const text = await badge(this.page).textContent({ timeout: 500 }).catch(() => null);
          this.flushCurve.push([Date.now() - start, text === null ? 0 : Number(text.replace(/\D/g, '')) || 0]);
          if (text === null) break;
          if (Date.now() > deadline) throw new Error(`the queue was not flushed within ${FLUSH_TIMEOUT_MS / 1000} s (badge ${text})`);
          await this.page.waitForTimeout(1_000);
        }
        await expect(badge(this.page)).toHaveCount(0, { timeout: FLUSH_TIMEOUT_MS });
        this.rec.mark('badge gone');
      },
      { phase: 'flush', detail: `${this.queued} queued` },
    );
    return { ms: Date.now() - start, start };
  }
}

async function verify(data: Seeded, opts: ShiftOptions, page: Page, queued: number): Promise<{ checks: Check[]; attempts: number[] }> {
  const { api } = data;
  const site = SITES[opts.mode];
  const checks: Check[] = [];
  const check = (what: string, expected: unknown, actual: unknown) => checks.push({ what, expected: JSON.stringify(expected), actual: JSON.stringify(actual), ok: JSON.stringify(expected) === JSON.stringify(actual) });

  const created = await api.findWorkOrders(`${data.tag} new`);
  const photosOf = (i: number) => created.filter((o) => o.description.startsWith(`${data.tag} new ${i + 1}:`)).map((o) => o.attachments.length);
  check('new work orders on the server, each once (photos each)', opts.creates.map((n) => [n]), opts.creates.map((_, i) => photosOf(i)));
  const claimed = await Promise.all(data.toClaim.map((o) => api.workOrder(o.id)));
  check('claimed orders: Claimed by Sam', data.toClaim.map(() => 'Claimed Sam'), claimed.map((o) => `${o.status} ${o.assigned_to.map((u) => u.first_name).join(',')}`));
  const completed = await Promise.all(data.toComplete.map((o) => api.workOrder(o.id)));
  check('completed orders: Completed with the typed notes', data.toComplete.map((_, i) => `Completed ${noteFor(i)}`), completed.map((o) => `${o.status} ${o.field_notes}`));
  const task = await api.task(data.procedureTask.id);
  check('procedure task: complete once, answers kept', `COMPLETE v${data.procedureTask.version + 1} pass,42,Bearing a little noisy`, `${task.status} v${task.version} ${task.last_completion_answers.map((a) => a.value).join(',')}`);
  const other = await api.task(data.taskToClaim.id);
  check('claimed task', `CLAIMED v${data.taskToClaim.version + 1}`, `${other.status} v${other.version}`);
  const round = (n: number) => Math.round(n * 100) / 100;
  check(`chemical ${COUNTED_CHEMICAL} at ${site.wash}: counted 20, then filled 1.5`, 21.5, await chemicalAt(api, COUNTED_CHEMICAL, site.wash));
  check(`chemical ${FILLED_CHEMICAL} at ${site.wash}: filled 2`, round(data.before.chemicals[FILLED_CHEMICAL]! + 2), round(await chemicalAt(api, FILLED_CHEMICAL, site.wash)));
  check(`part ${site.countedPart}: counted 10, then filled 3`, 13, await partQuantity(api, site.countedPart));
  check(`part ${site.filledPart}: filled 2`, round(data.before.parts[site.filledPart]! + 2), round(await partQuantity(api, site.filledPart)));
  const database = new Database(join(opts.dataDir, 'cmms.sqlite3'), { readonly: true, fileMustExist: true });
  let rows: { name: string; count: number }[];
  try {
    rows = database
      .prepare('SELECT p.name AS name, r.count AS count FROM wash_records r JOIN wash_packages p ON p.id = r.wash_package_id WHERE r.location_id = ? AND r.created_at >= ? ORDER BY r.id')
      .all(site.wash, data.seededAt) as { name: string; count: number }[];
  } finally {
    database.close();
  }
  check(
    `wash records stored at ${site.wash}, in order`,
    WASH_ENTRIES.flatMap((e) => PACKAGES.map((p) => `${p} ${e[p] ?? 0}`)),
    rows.map((r) => `${r.name} ${r.count}`),
  );
  const washes = await washTotals(api, site.wash);
  const added = Object.fromEntries(PACKAGES.map((p) => [p, WASH_ENTRIES.reduce((n, e) => n + (e[p] ?? 0), 0)]));
  check(`wash counts added at ${site.wash}`, added, Object.fromEntries(PACKAGES.map((p) => [p, (washes[p] ?? 0) - (data.before.washes[p] ?? 0)])));

  // The panel's view of the queue: every item synced, none failed or left.
  await page.locator('.offline-activity-button').click();
  const panel = page.locator('.activity-panel');
  await panel.waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS });
  // The panel draws 25 rows, and 25 more per "Show more".
  const more = panel.locator('.queue-show-more');
  for (let i = 0; i < 10 && (await more.count()) > 0; i++) {
    const rows = await panel.locator('.queue-item').count();
    await more.first().click();
    await expect.poll(() => panel.locator('.queue-item').count(), { timeout: STEP_TIMEOUT_MS }).toBeGreaterThan(rows);
  }
  const statuses = await panel.locator('.queue-item .p-badge').allTextContents();
  const counts: Record<string, number> = {};
  for (const s of statuses) counts[s] = (counts[s] ?? 0) + 1;
  check('Offline Activity panel: every queued action listed as synced', { synced: queued }, counts);
  const attempts = (await panel.locator('.queue-item').allTextContents()).map((t) => Number(/Attempts: (\d+)/.exec(t)?.[1] ?? 0));
  await page.keyboard.press('Escape');
  return { checks, attempts };
}

const NOTES = ['Blade swapped', 'New blade fitted', 'Replaced, tested OK', 'Done, bay reopened'];
const noteFor = (i: number) => NOTES[i % NOTES.length]!;

export async function runShift(browser: Browser, opts: ShiftOptions): Promise<ShiftResult> {
  const { log } = opts;
  const startedAt = new Date().toISOString();
  const setupStart = Date.now();
  log(`seeding: ${opts.fillerOrders} older orders, ${opts.completes} claimed to complete, ${opts.claims} to claim, 2 tasks`);
  const data = await seed(opts);
  const context = await browser.newContext({ baseURL: opts.baseURL, serviceWorkers: 'allow', viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  // The flush's requests are told from the rest by time.
  const proxy = opts.proxy;
  const consoleLog = new ConsoleLog(context);
  const resumer = await SharedWorkerResumer.start(browser);
  const control = await NetworkControl.start(browser, context);
  const network = new ShiftNetwork(control);
  let page: Page | null = null;
  const rec = new Recorder(() => page!, consoleLog, log);
  let shift: Shift | null = null;
  let error: string | null = null;
  let setupMs = 0;
  let flushMs: number | null = null;
  let flushRequests: FlushRequests[] = [];
  let checks: Check[] = [];
  let attempts: number[] = [];
  let shiftStart = Date.now();
  try {
    if (opts.mode === 'dedicated') {
      await context.addInitScript(() => {
        delete (window as { SharedWorker?: unknown }).SharedWorker;
      });
    }
    await installShiftProbe(context);
    await consoleLog.watchSharedWorkers(browser);
    page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);

    // ---- online, unthrottled: sign in, the first sync, the screens the shift uses seen once.
    log('signing in, waiting for the first sync');
    await signIn(page, SUPERVISOR);
    await page.locator('.offline-activity-button').click();
    await expect(page.locator('[data-testid="working-set"]')).toContainText(/Saved for offline: \d+ records/, { timeout: STEP_TIMEOUT_MS });
    await page.keyboard.press('Escape');
    const site = SITES[opts.mode];
    const seeOnce: [string, string][] = [
      ['/workorder-list', 'main a.wo-card'],
      [`/maintenance-detail/${data.procedureTask.id}`, 'main .procedure-detail'],
      ['/asset-list', 'main a.wo-card'],
      [`/chemical-detail/${COUNTED_CHEMICAL}?location=${site.wash}`, 'main .detail-grid'],
      [`/chemical-detail/${FILLED_CHEMICAL}?location=${site.wash}`, 'main .detail-grid'],
      [`/part-detail/${site.countedPart}`, 'main .detail-grid'],
      [`/part-detail/${site.filledPart}`, 'main .detail-grid'],
      [`/chemical-list?location=${site.wash}`, 'main a.wo-card'],
    ];
    for (const [path, shown] of seeOnce) {
      await page.goto(path);
      await page.locator(shown).first().waitFor({ timeout: STEP_TIMEOUT_MS });
    }
    // The car wash's packages, as the chemicals spec sees them once online.
    await button(page.locator('main'), 'Record Wash Data').click();
    await dialog(page, 'Enter Wash Counts').locator('input').first().waitFor({ timeout: STEP_TIMEOUT_MS });
    await page.keyboard.press('Escape');
    await page.goto('/home');
    await serviceWorkerReady(page);
    // The service worker takes no page it did not load: the next load is its.
    await page.reload();
    await hubLink(page, '/workorder-home').waitFor({ timeout: STEP_TIMEOUT_MS });
    await expect.poll(() => page!.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: STEP_TIMEOUT_MS }).toBe(true);
    shift = new Shift(page, rec, data, opts, network);
    await page.locator('.app[data-host-mode]').waitFor({ state: 'attached' });
    const firstMode = await page.locator('.app').getAttribute('data-host-mode');
    if (firstMode !== opts.mode) throw new Error(`the tab runs a ${firstMode} worker, not the ${opts.mode} one`);
    setupMs = Date.now() - setupStart;

    // The priming's mouse clicks leave the pointer where they were: out of the way of the toasts.
    await page.mouse.move(1, 1);

    // ---- offline, throttled: the shift.
    const mainTab = await network.throttle(page, opts.cpuRate);
    await network.setOffline(true);
    await expect(page.locator('.offline-banner')).toBeVisible({ timeout: STEP_TIMEOUT_MS });
    await drainShift(page);
    shiftStart = Date.now();
    log(`offline shift, CPU ${opts.cpuRate}× slower (${opts.mode} worker)`);

    const half = Math.ceil(data.toClaim.length / 2);
    await shift.toWorkOrderHome();
    await shift.openWorkOrderList();
    await shift.filterByYard();
    for (const order of data.toClaim.slice(0, half)) await shift.claimOrder(order);
    await shift.reload();
    for (const order of data.toClaim.slice(half)) await shift.claimOrder(order);
    await shift.searchCloseOuts();
    for (const [i, order] of data.toComplete.entries()) await shift.completeOrder(order, noteFor(i));
    await shift.listToWorkOrderHome();
    let photoAt = 0;
    const photosFor = (n: number) => {
      const chosen = opts.photos.slice(photoAt, photoAt + n);
      photoAt += n;
      return chosen;
    };
    const firstHalf = Math.ceil(opts.creates.length / 2);
    for (let i = 0; i < firstHalf; i++) await shift.createOrder(i + 1, photosFor(opts.creates[i]!));
    await shift.secondTab();
    await shift.goHome();
    await shift.maintenance();
    await shift.goHome();
    await shift.assets();
    await shift.chemicals();
    await shift.parts();
    await shift.goHome();
    await shift.toWorkOrderHome();
    for (let i = firstHalf; i < opts.creates.length; i++) await shift.createOrder(i + 1, photosFor(opts.creates[i]!));
    // The flush is watched from the list, which reads itself again as the writes land.
    await shift.openWorkOrderList();
    log(`${shift.queued} actions queued; back online`);
    const flush = await shift.flush();
    flushMs = flush.ms;
    flushRequests = flushRequestsOf(proxy, flush.start, flush.start + flush.ms);
    await mainTab.setCpuRate(1);
    ({ checks, attempts } = await verify(data, opts, page, shift.queued));
  } catch (err) {
    error = err instanceof Error ? err.message.split('\n').slice(0, 8).join('\n') : String(err);
    log(`FAILED: ${error}`);
    if (page) await page.screenshot({ path: `.bench-results/shift-${opts.mode}-failure.png` }).catch(() => undefined);
  } finally {
    await control.dispose();
    await resumer.dispose();
    await consoleLog.dispose();
    await context.close();
  }
  return {
    mode: opts.mode,
    cpuRate: opts.cpuRate,
    startedAt,
    setupMs,
    shiftMs: Date.now() - shiftStart,
    flushMs,
    flushRequests,
    flushCurve: shift?.flushCurve ?? [],
    attempts,
    queued: shift?.queued ?? 0,
    hostModeSeen: shift?.hostModes ?? [],
    steps: rec.steps,
    console: consoleLog.entries,
    anomalies: shift?.anomalies ?? [],
    toastsClosed: shift?.toastsClosed ?? [],
    checks,
    error,
  };
}
