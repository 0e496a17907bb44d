/**
 * A data worker core on fake-indexeddb with its own DB and bus names, and a tab connected through a
 * real MessageChannel that records every WorkerEvent it receives.
 */
import type { User } from '../../../shared/api/auth.js';
import { PROTOCOL_VERSION, type TabHello, type WorkerEvent } from '../../../shared/data/protocol.js';
import { createDataCore, type DataCore, type DataCoreOptions } from '../../../src-worker/data-core.js';
import { BASE_URL, type FakeHttp } from './fake-http.js';

let counter = 0;

export interface Harness {
  core: DataCore;
  events: WorkerEvent[];
  dbName: string;
  busName: string;
  close(): Promise<void>;
}

export interface TabConnection {
  hello: TabHello;
  events: WorkerEvent[];
  /** The tab dies: its `tab:<id>` lock is released (the port stays open on this side). */
  die(): void;
  /** Resolves when the worker closed its end of the event port. */
  portClosed: Promise<void>;
  close(): void;
}

export function uniqueNames(): { dbName: string; busName: string } {
  counter += 1;
  const id = `${process.pid}-${counter}-${Math.random().toString(36).slice(2)}`;
  return { dbName: `cmms-test-${id}`, busName: `cmms-bus-test-${id}` };
}

export function testUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    email: 'tech@example.com',
    first_name: 'Terry',
    last_name: 'Tech',
    full_feature_access: true,
    is_staff: false,
    userInfo: { full_name: 'Terry Tech', date_joined: '2026-01-01T00:00:00.000Z', last_login: null },
    ...overrides,
    language: overrides.language ?? null,
  };
}

/** Connects a tab: holds its `tab:<id>` lock (as the bridge does) and records events. */
export async function connectTab(core: DataCore, overrides: Partial<TabHello> = {}): Promise<TabConnection> {
  const hello: TabHello = { tabId: crypto.randomUUID(), protocol: PROTOCOL_VERSION, online: true, visible: false, isPwa: false, userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0', ...overrides };
  let releaseTabLock!: () => void;
  await new Promise<void>((held) => {
    void navigator.locks.request(`tab:${hello.tabId}`, () => {
      held();
      return new Promise<void>((release) => (releaseTabLock = release));
    });
  });
  const channel = new MessageChannel();
  const events: WorkerEvent[] = [];
  channel.port2.onmessage = (e: MessageEvent<WorkerEvent>) => events.push(e.data);
  const portClosed = new Promise<void>((resolve) => channel.port2.addEventListener('close', () => resolve()));
  await core.workerCalls.connect(hello, channel.port1);
  return {
    hello,
    events,
    die: () => releaseTabLock(),
    portClosed,
    close() {
      releaseTabLock();
      channel.port2.close();
    },
  };
}

export async function createHarness(api: FakeHttp, options: Partial<DataCoreOptions> = {}): Promise<Harness & { tab: TabConnection }> {
  const names = uniqueNames();
  const core = createDataCore({ mode: 'shared', fetch: api.fetch, baseUrl: BASE_URL, timers: false, ...names, ...options });
  await core.ready;
  const tab = await connectTab(core);
  return {
    core,
    tab,
    events: tab.events,
    ...names,
    async close() {
      tab.close();
      await core.close();
    },
  };
}

/** Waits until `check` passes (events and state arrive asynchronously). */
export async function eventually(check: () => void | Promise<void>, timeoutMs = 3_000): Promise<void> {
  const started = Date.now();
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() - started > timeoutMs) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}
