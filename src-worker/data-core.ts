/**
 * The data worker's core, the same in both host modes (a SharedWorker for every tab, or a
 * dedicated worker per tab): it implements WorkerApi, keeps DataState and pushes it to the
 * connected tabs as patches, and runs the flush, heartbeat, version check and purge triggers.
 *
 * Other contexts (fallback-mode instances in other tabs, the service worker) change the same device
 * DB; their notices on the bus make this instance re-read what changed.
 */
import { CACHE_PURGE_INTERVAL_MS, HEARTBEAT_INTERVAL_MS, VERSION_CHECK_INTERVAL_MS } from '../shared/constants.js';
import { LOCKS, type BusMessage } from '../shared/data/bus.js';
import { isNormalizedError, toNormalizedError } from '../shared/data/errors.js';
import { PROTOCOL_VERSION, type DataState, type StatePatch, type ToastSeverity, type WorkerApi } from '../shared/data/protocol.js';
import { createToastGate, toastKey } from '../shared/data/toast-gate.js';
import { createDataServices, type DataServicesOptions } from './data-services.js';
import { createAreaApis } from './domains/index.js';
import type { DomainContext } from './kit/domain-context.js';
import { flushOutbox } from './outbox/flush.js';
import { FlushScheduler } from './outbox/flush-scheduler.js';
import { sendHeartbeat, type HeartbeatTrigger } from './services/heartbeat.js';
import { holdLock, whenLockFreed } from './services/locks.js';
import { readStorageState, requestPersistentStorage } from './services/storage.js';
import { TabHub } from './services/tab-hub.js';
import { checkVersion, type VersionCheckDeps } from './services/version-check.js';
import { NO_VERSION_INFO } from './services/version-policy.js';
import { createSessionApi } from './session/session-api.js';
import type { SessionChange } from './session/session-store.js';

export interface DataCoreOptions extends Omit<DataServicesOptions, 'contextId'> {
  mode: 'shared' | 'dedicated';
  instanceId?: string;
  /** Periodic heartbeat, version check and purge (tests switch them off). Default true. */
  timers?: boolean;
}

export interface DataCore {
  readonly api: WorkerApi;
  readonly instanceId: string;
  /** Resolves once the state has been read from the device DB. */
  readonly ready: Promise<void>;
  state(): DataState;
  /** Runs a flush now and resolves when it is over (the triggers call the same). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/** Every method of the API turns whatever it throws into a NormalizedError (a plain object). */
function guardApi<T extends object>(api: T): T {
  const guarded: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(api)) {
    if (typeof value === 'function') {
      const method = value as (...args: unknown[]) => Promise<unknown>;
      guarded[name] = async (...args: unknown[]) => {
        try {
          return await method(...args);
        } catch (thrown) {
          if (!isNormalizedError(thrown)) console.error('data worker:', thrown);
          throw toNormalizedError(thrown);
        }
      };
    } else if (typeof value === 'object' && value !== null) {
      guarded[name] = guardApi(value);
    } else {
      guarded[name] = value;
    }
  }
  return guarded as T;
}

export function createDataCore(options: DataCoreOptions): DataCore {
  const instanceId = options.instanceId ?? crypto.randomUUID();
  const hub = new TabHub();
  const intervals: ReturnType<typeof setInterval>[] = [];
  const timeouts = new Set<ReturnType<typeof setTimeout>>();
  let closed = false;

  const services = createDataServices(
    { ...options, contextId: instanceId },
    {
      onNetworkChange: (network) => {
        const cameOnline = !state.network.isOnline && network.isOnline;
        setState({ network });
        if (cameOnline) background(scheduler.request());
      },
      onSessionChange: (reason) => background(sessionChanged(reason)),
      onSessionExpired: () => expireSession(),
      onBusy: (delta) => setState({ busy: Math.max(0, state.busy + delta) }),
    },
  );
  const { db, bus, now, network, session, api: http, cache, outbox, handlers } = services;
  const showToastOnce = createToastGate(undefined, now);

  const state: DataState = {
    session: { status: 'unknown', user: null },
    network: network.state,
    queue: { items: [], stats: { totalItems: 0, totalBytes: 0, lastFlushAt: null }, error: null },
    version: NO_VERSION_INFO,
    storage: { persisted: null, usage: null, quota: null },
    busy: 0,
    host: { mode: options.mode, instanceId },
  };

  function setState(patch: StatePatch): void {
    Object.assign(state, patch);
    hub.patch(patch);
  }

  /** Fire-and-forget work: failures are logged, except after close (the DB is gone on purpose). */
  function background(task: Promise<unknown>): void {
    task.catch((error: unknown) => {
      if (!closed) console.warn('data worker:', error);
    });
  }

  function later(run: () => void, ms: number): void {
    const timer = setTimeout(() => {
      timeouts.delete(timer);
      run();
    }, ms);
    timeouts.add(timer);
  }

  // ---- queue ---------------------------------------------------------------------------------

  const QUEUE_PUSH_GAP_MS = 250;
  let queueRefresh: Promise<void> | null = null;
  let queueDirty = false;

  /**
   * Re-reads the panel's queue from the device DB; calls during a refresh fold into one more, at
   * most every QUEUE_PUSH_GAP_MS. A flush of 100 items then sends the tabs a few patches a second
   * instead of one full queue per item change, which swamped slow handsets' main threads.
   */
  function refreshQueue(): Promise<void> {
    if (queueRefresh) {
      queueDirty = true;
      return queueRefresh;
    }
    queueRefresh = (async () => {
      do {
        queueDirty = false;
        const [items, stats, error] = await Promise.all([outbox.views(), outbox.stats(), db.getMeta('queueError')]);
        setState({ queue: { items, stats, error } });
        if (queueDirty && !closed) await new Promise((resolve) => setTimeout(resolve, QUEUE_PUSH_GAP_MS));
      } while (queueDirty && !closed);
    })().finally(() => {
      queueRefresh = null;
    });
    return queueRefresh;
  }

  /** This context changed the outbox: show it, tell the others, re-aim the retry timer. */
  function queueChanged(): void {
    background(refreshQueue());
    bus.post({ type: 'queue-changed' });
    background(scheduler.rearm());
  }

  function toast(t: { severity: ToastSeverity; summary: string; detail: string }, fromHere: boolean): void {
    const key = toastKey(t.severity, t.summary, t.detail);
    if (!showToastOnce(key)) return;
    hub.emit({ type: 'toast', severity: t.severity, summary: t.summary, detail: t.detail, key });
    if (fromHere) bus.post({ type: 'toast', severity: t.severity, summary: t.summary, detail: t.detail, key });
  }

  const scheduler: FlushScheduler = new FlushScheduler({
    now,
    onError: (error) => background(Promise.reject(error)),
    nextRetryAt: () => outbox.nextRetryAt(),
    canFlush: async () => !closed && Boolean((await session.tokens())?.access) && !network.isBrowserOffline(),
    flush: async () => {
      const outcome = await flushOutbox({
        db,
        api: http,
        cache,
        handlers,
        now,
        onItemChanged: queueChanged,
        onToast: (t) => toast(t, true),
        onSynced: (domain, targetIds) => {
          hub.emit({ type: 'synced', domain, targetIds });
          bus.post({ type: 'synced', domain, targetIds });
        },
      });
      if (outcome.status === 'done' && outcome.sent + outcome.failed > 0) {
        bus.post({ type: 'flushed' });
        background(refreshStorage());
      }
      return outcome;
    },
  });

  // ---- session -------------------------------------------------------------------------------

  async function sessionChanged(reason: SessionChange): Promise<void> {
    const user = await session.user();
    setState({ session: { status: user ? 'signed-in' : 'signed-out', user } });
    if (reason === 'expired') hub.emit({ type: 'navigate', to: '/login' });
    if (reason === 'logout') hub.emit({ type: 'navigate', to: '/' });
    if (reason === 'login' || reason === 'logout' || reason === 'signed-out') background(refreshQueue());
    if (reason === 'login') {
      await requestPersistentStorage();
      background(refreshStorage());
      background(scheduler.request());
      background(heartbeat('visible'));
    }
  }

  let expiring: Promise<void> | null = null;
  /** Spec 4: the session cannot be renewed. Concurrent failures end it once. */
  function expireSession(): Promise<void> {
    expiring ??= (async () => {
      if ((await session.tokens()) || (await session.user())) await session.clear('expired');
    })().finally(() => {
      expiring = null;
    });
    return expiring;
  }

  // ---- background jobs -------------------------------------------------------------------------

  const heartbeat = (trigger: HeartbeatTrigger) => sendHeartbeat({ db, api: http, network, session, now, tabs: () => hub.hellos() }, trigger);

  const versionDeps: VersionCheckDeps = {
    db,
    api: http,
    network,
    now,
    onState: (version) => {
      setState({ version });
      bus.post({ type: 'version-changed' });
    },
    onForcedReload: () => {
      hub.emit({ type: 'reload', reason: 'forced-update' });
      bus.post({ type: 'reload', reason: 'forced-update' });
    },
    setTimer: later,
  };

  async function loadVersion(): Promise<void> {
    const version = await db.getMeta('versionState');
    if (version) setState({ version });
  }

  async function refreshStorage(): Promise<void> {
    setState({ storage: await readStorageState() });
  }

  async function purge(): Promise<void> {
    await cache.purgeExpired();
    if ((await outbox.purgeFinished()) > 0) queueChanged();
    else await refreshQueue();
  }

  function onBus(message: BusMessage): void {
    switch (message.type) {
      case 'queue-changed':
      case 'flushed':
        background(refreshQueue());
        background(scheduler.rearm());
        break;
      case 'session-changed':
        background(sessionChanged(message.reason));
        break;
      case 'network-changed':
        background(network.load());
        break;
      case 'version-changed':
        background(loadVersion());
        break;
      case 'flush-requested':
        background(scheduler.request());
        break;
      case 'toast':
        toast(message, false);
        break;
      case 'synced':
        hub.emit({ type: 'synced', domain: message.domain, targetIds: message.targetIds });
        break;
      case 'reload':
        hub.emit({ type: 'reload', reason: message.reason });
        break;
    }
  }

  // ---- start-up --------------------------------------------------------------------------------

  let releaseWorkerLock: (() => void) | null = null;
  const unsubscribe = bus.subscribe(onBus);

  const ready = (async () => {
    // Tabs wait on this lock: when it is granted to them, this instance is gone.
    releaseWorkerLock = await holdLock(LOCKS.worker(instanceId));
    await network.load();
    const user = await session.user();
    setState({ session: { status: user ? 'signed-in' : 'signed-out', user } });
    await purge();
    await loadVersion();
    await refreshStorage();
    if (options.timers !== false) {
      intervals.push(
        setInterval(() => background(heartbeat('timer')), HEARTBEAT_INTERVAL_MS),
        setInterval(() => background(checkVersion(versionDeps)), VERSION_CHECK_INTERVAL_MS),
        setInterval(() => background(purge()), CACHE_PURGE_INTERVAL_MS),
      );
      background(checkVersion(versionDeps));
    }
    background(scheduler.request());
  })();

  // ---- the API -------------------------------------------------------------------------------

  const domain: DomainContext = {
    api: http,
    cache,
    outbox,
    network,
    async enqueue(mutation) {
      const user = await session.user();
      const row = await outbox.enqueueMutation({ ...mutation, userId: user?.id ?? null });
      queueChanged();
      background(scheduler.request());
      background(refreshStorage());
      return row;
    },
  };

  const api: WorkerApi = guardApi<WorkerApi>({
    async connect(hello, events) {
      await ready;
      hub.add(hello, events, (onDead) => whenLockFreed(LOCKS.tab(hello.tabId), onDead));
      await network.browserReported(hello.online);
      if (hello.visible) {
        background(heartbeat('visible'));
        background(scheduler.request());
      }
      return { state: structuredClone(state), instanceId, protocol: PROTOCOL_VERSION };
    },

    async disconnect(tabId) {
      hub.remove(tabId);
    },

    network: {
      async browserOnline(online) {
        await ready;
        await network.browserChanged(online);
        if (online) background(scheduler.request());
      },
      async tabVisible() {
        await ready;
        background(scheduler.request());
        background(heartbeat('visible'));
        background(checkVersion(versionDeps));
        background(refreshStorage());
      },
    },

    session: createSessionApi({ db, api: http, session, cache, outbox, onQueueCleared: queueChanged }),

    queue: {
      async retry() {
        await outbox.retryNow();
        queueChanged();
        background(scheduler.request());
      },
      async clear() {
        await outbox.clear();
        queueChanged();
      },
      async remove(id) {
        await outbox.remove(id);
        queueChanged();
      },
    },

    ...createAreaApis(domain),
  });

  return {
    api,
    instanceId,
    ready,
    state: () => state,
    flush: () => scheduler.request(),
    async close() {
      await ready.catch(() => undefined);
      closed = true;
      scheduler.close();
      for (const interval of intervals) clearInterval(interval);
      for (const timer of timeouts) clearTimeout(timer);
      unsubscribe();
      hub.closeAll();
      await queueRefresh?.catch(() => undefined);
      bus.close();
      releaseWorkerLock?.();
      db.close();
    },
  };
}
