/**
 * The one bridge between this tab and the data worker (docs/decisions.md: Shared or dedicated worker).
 *
 * - Host mode: the SharedWorker where it is safe; a dedicated Worker for this tab where SharedWorker
 *   is missing, on WebKit and Android (policy), or when its hello handshake fails within 8 s (HANDSHAKE_TIMEOUT_MS below).
 * - Calls go down over Comlink (`callWorker`); state comes up as WorkerEvents on a MessagePort of
 *   our own, handed over in `connect`, and lands in the valtio mirror (store.ts).
 * - Liveness: this tab holds `tab:<tabId>` for its life (the worker waits on it to learn the tab
 *   died); the tab waits on `worker:<instanceId>`, and when that is granted the worker is gone:
 *   pending calls are rejected and the tab reconnects instead of hanging.
 * - Chromium fires no online/offline events in workers, so the tab forwards them, and visibility.
 */
import * as Comlink from 'comlink';
import { navigate } from 'wouter/use-browser-location';
import { LOCKS } from '../../shared/data/bus';
import { PROTOCOL_VERSION, type TabHello, type WorkerCalls, type WorkerEvent } from '../../shared/data/protocol';
import { applyServiceWorkerUpdate, requestBackgroundSync, tellServiceWorkerToRetry } from '../sw/registration';
import { toDataError, unknownError, type DataError } from './errors';
import { applyPatch, connection, replaceState, store } from './store';
import { showToast } from './toasts';

export type HostMode = 'shared' | 'dedicated';
/**
 * The Comlink proxy of the worker. Every WorkerCalls member is an async function or a group of
 * them, and the proxy answers nested calls (`worker.queue.retry()`) exactly like the object; Comlink's
 * own typings model nested groups as promises, so the proxy is typed as the WorkerCalls it stands for.
 */
export type WorkerRemote = WorkerCalls;

function wrap(endpoint: Comlink.Endpoint): WorkerRemote {
  return Comlink.wrap<WorkerCalls>(endpoint) as unknown as WorkerRemote;
}

/** A worker that loaded but does not answer by then is taken as broken (a load error fails at once). Slow
 * handsets under load need several seconds to start one, and a needless fallback costs a second worker. */
const HANDSHAKE_TIMEOUT_MS = 8_000;
const WORKER_NAME = 'cmms-data-v1';
const PROTOCOL_RELOAD_FLAG = 'cmms-protocol-reload';

/** Identifies this tab to the worker for its whole life. */
export const tabId: string = crypto.randomUUID();

interface Host {
  remote: WorkerRemote;
  /** Rejects when the worker script fails to load. */
  failed: Promise<never>;
  close(): void;
}

interface Connection {
  mode: HostMode;
  remote: WorkerRemote;
  instanceId: string;
  /** Rejects once the worker is found dead; every call races it so none hangs. */
  dead: Promise<never>;
  markDead(): void;
  close(): void;
}

let active: Connection | null = null;
let current: Promise<Connection> | null = null;
/** Once the SharedWorker failed its handshake, this tab keeps to a dedicated worker. */
let sharedRefused = false;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function rejecting(target: EventTarget, event: string, message: string): Promise<never> {
  const promise = new Promise<never>((_, reject) => target.addEventListener(event, () => reject(new Error(message)), { once: true }));
  promise.catch(() => undefined);
  return promise;
}

/** Platform policy (research §1.4): SharedWorker only where it keeps its state reliably. */
export function preferredMode(): HostMode {
  if (sharedRefused || typeof SharedWorker === 'undefined') return 'dedicated';
  const ua = navigator.userAgent;
  const webkit = 'safari' in window || (/Safari\//.test(ua) && !/Chrome\/|Chromium\/|Edg\//.test(ua));
  if (webkit || /iPhone|iPad|iPod|Android/i.test(ua)) return 'dedicated';
  return 'shared';
}

function sharedHost(): Host {
  const worker = new SharedWorker(new URL('../../src-worker/shared-worker.ts', import.meta.url), { type: 'module', name: WORKER_NAME });
  worker.port.start();
  return { remote: wrap(worker.port), failed: rejecting(worker, 'error', 'shared worker failed to load'), close: () => worker.port.close() };
}

function dedicatedHost(): Host {
  const worker = new Worker(new URL('../../src-worker/dedicated-worker.ts', import.meta.url), { type: 'module', name: WORKER_NAME });
  return { remote: wrap(worker), failed: rejecting(worker, 'error', 'worker failed to load'), close: () => worker.terminate() };
}

function hello(): TabHello {
  return {
    tabId,
    protocol: PROTOCOL_VERSION,
    online: navigator.onLine,
    visible: document.visibilityState === 'visible',
    isPwa: window.matchMedia('(display-mode: standalone)').matches,
    userAgent: navigator.userAgent,
  };
}

/** Resolves when the worker instance is gone: its `worker:<id>` lock becomes ours. */
async function workerGone(instanceId: string, signal: AbortSignal): Promise<void> {
  if (!navigator.locks) return new Promise(() => undefined);
  const name = LOCKS.worker(instanceId);
  // The worker takes its lock as it starts; a request made before that would be granted at once.
  for (let i = 0; ; i++) {
    const held = (await navigator.locks.query()).held ?? [];
    if (held.some((lock) => lock.name === name)) break;
    if (i >= 30 || signal.aborted) return new Promise(() => undefined);
    await sleep(100);
  }
  try {
    await navigator.locks.request(name, { signal }, () => undefined);
  } catch {
    return new Promise(() => undefined); // aborted: we closed this connection ourselves
  }
}

async function open(mode: HostMode): Promise<Connection> {
  const host = mode === 'shared' ? sharedHost() : dedicatedHost();
  const events = new MessageChannel();
  // Events sent before the snapshot arrives are applied after it, in order.
  const early: WorkerEvent[] = [];
  let ready = false;
  events.port1.onmessage = (e: MessageEvent<WorkerEvent>) => {
    if (ready) handleEvent(e.data);
    else early.push(e.data);
  };

  let reply: Awaited<ReturnType<WorkerCalls['connect']>>;
  try {
    const timeout = sleep(HANDSHAKE_TIMEOUT_MS).then(() => Promise.reject(new Error(`${mode} worker did not answer within ${HANDSHAKE_TIMEOUT_MS} ms`)));
    reply = await Promise.race([host.remote.connect(hello(), Comlink.transfer(events.port2, [events.port2])), timeout, host.failed]);
  } catch (err) {
    events.port1.close();
    host.close();
    throw err;
  }

  if (reply.protocol !== PROTOCOL_VERSION) {
    events.port1.close();
    host.close();
    // A worker from another build: a reload fetches the matching app once; after that this tab runs its own worker.
    if (!sessionStorage.getItem(PROTOCOL_RELOAD_FLAG)) {
      sessionStorage.setItem(PROTOCOL_RELOAD_FLAG, '1');
      window.location.reload();
      return new Promise(() => undefined);
    }
    throw new Error(`worker protocol ${reply.protocol}, tab protocol ${PROTOCOL_VERSION}`);
  }
  sessionStorage.removeItem(PROTOCOL_RELOAD_FLAG);

  replaceState(reply.state);
  keepStorageOnceSignedIn();
  if (reply.state.queue.stats.totalItems > 0) void requestBackgroundSync();
  ready = true;
  for (const event of early.splice(0)) handleEvent(event);

  const abort = new AbortController();
  let reject!: (err: DataError) => void;
  const dead = new Promise<never>((_, r) => (reject = r));
  dead.catch(() => undefined);
  const conn: Connection = {
    mode,
    remote: host.remote,
    instanceId: reply.instanceId,
    dead,
    markDead: () => reject(unknownError()),
    close: () => {
      abort.abort();
      events.port1.close();
      host.close();
    },
  };
  void workerGone(reply.instanceId, abort.signal).then(() => lost(conn));
  return conn;
}

async function connectWithFallback(): Promise<Connection> {
  for (let attempt = 0; ; attempt++) {
    const mode = preferredMode();
    try {
      const conn = await open(mode);
      active = conn;
      connection.status = 'connected';
      for (const listener of connectedListeners) listener(conn.remote);
      return conn;
    } catch (err) {
      console.warn('data worker connection failed', err);
      if (mode === 'shared') {
        sharedRefused = true;
        continue;
      }
      await sleep(Math.min(500 * 2 ** attempt, 10_000));
    }
  }
}

function lost(conn: Connection): void {
  if (conn !== active) return;
  active = null;
  conn.markDead();
  conn.close();
  connection.status = 'reconnecting';
  current = connectWithFallback();
}

let persistenceAsked = false;

/**
 * Queued work lives in IndexedDB, which the browser may evict: once someone is signed in, the tab
 * asks to keep it (`persist()` exists only in windows).
 */
function keepStorageOnceSignedIn(): void {
  if (persistenceAsked || store.session.status !== 'signed-in') return;
  persistenceAsked = true;
  void navigator.storage?.persist?.().catch(() => false);
}

function handleEvent(event: WorkerEvent): void {
  switch (event.type) {
    case 'patch': {
      const queuedBefore = store.queue.stats.totalItems;
      applyPatch(event.patch);
      // Registered when something joins the queue, not on every update while a flush empties it.
      if (event.patch.queue && event.patch.queue.stats.totalItems > queuedBefore) void requestBackgroundSync();
      if (event.patch.session) keepStorageOnceSignedIn();
      break;
    }
    case 'toast':
      showToast({ severity: event.severity, summary: event.summary, detail: event.detail });
      break;
    case 'navigate':
      navigate(event.to, { replace: true });
      break;
    case 'synced':
      for (const listener of syncedListeners) listener(event.area, event.targetIds);
      break;
    case 'reload':
      if (event.reason === 'forced-update') void applyServiceWorkerUpdate();
      else window.location.reload();
      break;
  }
}

type SyncedListener = (area: string, targetIds: string[]) => void;
const syncedListeners = new Set<SyncedListener>();

/** Called when queued actions of `area` for these targets reached the server. */
export function onSynced(listener: SyncedListener): () => void {
  syncedListeners.add(listener);
  return () => syncedListeners.delete(listener);
}

function holdTabLock(): Promise<void> {
  if (!navigator.locks) return Promise.resolve();
  return new Promise((granted) => {
    void navigator.locks.request(LOCKS.tab(tabId), () => {
      granted();
      return new Promise<void>(() => undefined);
    });
  });
}

function forwardBrowserState(): void {
  const onlineChanged = () => {
    const online = navigator.onLine;
    connection.browserOnline = online;
    void callWorker((worker) => worker.network.browserOnline(online)).catch(() => undefined);
    if (online) tellServiceWorkerToRetry();
  };
  window.addEventListener('online', onlineChanged);
  window.addEventListener('offline', onlineChanged);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void callWorker((worker) => worker.network.tabVisible()).catch(() => undefined);
  });
  window.addEventListener('pagehide', () => {
    // Best effort only: the worker also learns of this tab's end through its lock.
    void active?.remote.disconnect(tabId).catch(() => undefined);
  });
}

const connectedListeners = new Set<(remote: WorkerRemote) => void>();

/**
 * Calls `listener` with the worker now, if connected, and with each worker connected later (another
 * mode, a restart): what a tab tells every worker it talks to (its language).
 */
export function onWorkerConnected(listener: (remote: WorkerRemote) => void): void {
  connectedListeners.add(listener);
  if (active) listener(active.remote);
}

/** Connects this tab to the data worker; safe to call more than once. */
export function startBridge(): Promise<void> {
  if (!current) {
    forwardBrowserState();
    current = holdTabLock().then(connectWithFallback);
  }
  return current.then(() => undefined);
}

/**
 * Runs one call on the worker. Waits for a connection, rejects instead of hanging when the worker
 * dies meanwhile, and turns whatever was thrown into a DataError.
 */
export async function callWorker<T>(call: (remote: WorkerRemote) => Promise<T>): Promise<T> {
  if (!current) void startBridge();
  try {
    const conn = await current!;
    return await Promise.race([call(conn.remote), conn.dead]);
  } catch (err) {
    throw toDataError(err);
  }
}
