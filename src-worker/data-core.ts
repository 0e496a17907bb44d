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
import { queueError } from '../shared/data/errors.js';
import { QUEUE_CODES, QUEUE_MESSAGES } from '../shared/data/messages.js';
import { PROTOCOL_VERSION, type DataState, type StatePatch, type UploadProgress, type WorkerApi } from '../shared/data/protocol.js';
import { routeBusMessage } from './core/bus-routes.js';
import { guardApi } from './core/guard-api.js';
import { createQueueView } from './core/queue-view.js';
import { createFlushScheduler } from './core/flush-runner.js';
import { createStateHub } from './core/state-hub.js';
import { CoreTasks } from './core/tasks.js';
import { createToaster } from './core/toaster.js';
import { createDataServices, type DataServicesOptions } from './data-services.js';
import { createAreaApis } from './areas/index.js';
import type { AreaContext } from './kit/area-context.js';
import type { FlushScheduler } from './outbox/flush-scheduler.js';
import { sendHeartbeat, type HeartbeatTrigger } from './services/heartbeat.js';
import { holdLock, whenLockFreed } from './services/locks.js';
import { readStorageState, requestPersistentStorage } from './services/storage.js';
import { TabHub } from './services/tab-hub.js';
import { checkVersion, type VersionCheckDeps } from './services/version-check.js';
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

export function createDataCore(options: DataCoreOptions): DataCore {
  const instanceId = options.instanceId ?? crypto.randomUUID();
  const hub = new TabHub();
  const tasks = new CoreTasks();
  const background = (task: Promise<unknown>) => tasks.background(task);

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
      onUploadProgress: (progress) => uploadProgress(progress),
    },
  );
  const { db, bus, now, network, session, api: http, cache, outbox } = services;
  const toast = createToaster(hub, bus, now);

  const stateHub = createStateHub(hub, { network: network.state, host: { mode: options.mode, instanceId } });
  const { state } = stateHub;
  const setState = (patch: StatePatch) => stateHub.set(patch);

  /**
   * Upload progress reaches the tabs in whole percents (a progress event comes every few
   * milliseconds; the bar needs no more than a hundred steps).
   */
  function uploadProgress(progress: UploadProgress | null): void {
    const percent = (p: UploadProgress | null) => (p && p.total > 0 ? Math.floor((100 * p.sent) / p.total) : -1);
    if (progress === null || state.upload === null || percent(progress) !== percent(state.upload)) setState({ upload: progress });
  }

  // ---- queue ---------------------------------------------------------------------------------

  const queueView = createQueueView({ db, outbox, onQueue: (queue) => setState({ queue }), closed: () => tasks.closed });
  const refreshQueue = () => queueView.refresh();

  /** This context changed the outbox: show it, tell the others, re-aim the retry timer. */
  function queueChanged(): void {
    background(refreshQueue());
    bus.post({ type: 'queue-changed' });
    background(scheduler.rearm());
  }

  const scheduler: FlushScheduler = createFlushScheduler({
    services,
    hub,
    toast,
    canFlush: async () => !tasks.closed && Boolean((await session.tokens())?.access) && !network.isBrowserOffline(),
    onItemChanged: queueChanged,
    onFlushed: () => background(refreshStorage()),
    onError: (error) => background(Promise.reject(error)),
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
    setTimer: (run, ms) => tasks.later(run, ms),
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
    routeBusMessage(message, {
      hub,
      toast,
      queueChanged: () => {
        background(refreshQueue());
        background(scheduler.rearm());
      },
      sessionChanged: (reason) => background(sessionChanged(reason)),
      networkChanged: () => background(network.load()),
      versionChanged: () => background(loadVersion()),
      flushRequested: () => background(scheduler.request()),
    });
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
      tasks.every(() => heartbeat('timer'), HEARTBEAT_INTERVAL_MS);
      tasks.every(() => checkVersion(versionDeps), VERSION_CHECK_INTERVAL_MS);
      tasks.every(purge, CACHE_PURGE_INTERVAL_MS);
      background(checkVersion(versionDeps));
    }
    background(scheduler.request());
  })();

  // ---- the API -------------------------------------------------------------------------------

  const areaContext: AreaContext = {
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
      async reapply(id) {
        if (!(await outbox.reapply(id))) throw queueError(QUEUE_MESSAGES.reapplyImpossible, QUEUE_CODES.reapplyImpossible);
        queueChanged();
        background(scheduler.request());
      },
    },

    ...createAreaApis(areaContext),
  });

  return {
    api,
    instanceId,
    ready,
    state: () => state,
    flush: () => scheduler.request(),
    async close() {
      await ready.catch(() => undefined);
      tasks.close();
      scheduler.close();
      unsubscribe();
      hub.closeAll();
      await queueView.settled();
      bus.close();
      releaseWorkerLock?.();
      db.close();
    },
  };
}
