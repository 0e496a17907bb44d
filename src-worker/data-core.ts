/**
 * The data worker's core, the same in both host modes (a SharedWorker for every tab, or a
 * dedicated worker per tab): it implements WorkerCalls, keeps DataState and pushes it to the
 * connected tabs as patches, and runs the flush, heartbeat, version check and purge triggers.
 *
 * Other contexts (fallback-mode instances in other tabs, the service worker) change the same device
 * DB; their notices on the bus make this instance re-read what changed.
 */
import { t } from '../shared/i18n/translate.js';
import { LOCKS, type BusMessage } from '../shared/data/bus.js';
import { deviceDataLostMessage } from '../shared/data/messages.js';
import { needsAttention } from '../shared/data/queue-policy.js';
import { PROTOCOL_VERSION, type DataState, type StatePatch, type UploadProgress, type WorkerCalls } from '../shared/data/protocol.js';
import { createAreaApis, reapplyRefusalOf } from './areas/index.js';
import { csvExportCalls } from './kit/csv-exports.js';
import { historyCalls } from './kit/history-reads.js';
import { createBackgroundJobs } from './core/background-jobs.js';
import { routeBusMessage } from './core/bus-routes.js';
import { createFlushScheduler } from './core/flush-runner.js';
import { guardCalls } from './core/guard-calls.js';
import { queueCalls } from './core/queue-calls.js';
import { createQueueView } from './core/queue-view.js';
import { createSessionReactions } from './core/session-reactions.js';
import { watchForDbLoss } from './core/device-db-loss.js';
import { createStateHub } from './core/state-hub.js';
import { CoreTasks } from './core/tasks.js';
import { createToaster } from './core/toaster.js';
import { createDataServices, type DataServicesOptions } from './data-services.js';
import type { AreaContext } from './kit/area-context.js';
import type { FlushScheduler } from './outbox/flush-scheduler.js';
import { holdLock, whenLockFreed } from './services/locks.js';
import { requestPersistentStorage } from './services/storage.js';
import { TabHub } from './services/tab-hub.js';
import { keepHintStream } from './sync/hint-stream.js';
import { createSessionCalls } from './session/session-calls.js';

/** The longest the worker waits for its catch-up pull before it says the connection is back. */
const CATCH_UP_BEFORE_ONLINE_MS = 5_000;

export interface DataCoreOptions extends Omit<DataServicesOptions, 'contextId'> {
  mode: 'shared' | 'dedicated';
  instanceId?: string;
  /** Periodic heartbeat, version check and purge (tests switch them off). Default true. */
  timers?: boolean;
}

export interface DataCore {
  /** What the tabs call (over Comlink); the server is called through `services.http`. */
  readonly workerCalls: WorkerCalls;
  readonly instanceId: string;
  /** Resolves once the state has been read from the device DB. */
  readonly ready: Promise<void>;
  state(): DataState;
  /** Runs a flush now and resolves when it is over (the triggers call the same). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Assembles the core from its parts (`core/`): the state pushed to the tabs, the queue's view and
 * flush, the session's reactions, the background jobs, start-up, and the WorkerCalls.
 */
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
        if (!cameOnline) return setState({ network });
        // Writes waiting out a retry backoff were waiting for a connection that is back: they go
        // now, not up to RETRY_BACKOFF_MAX_MS later (behaviour §4: coming back online flushes).
        background(services.outbox.dueNow().then(() => requestFlush()));
        sendVisitorReports();
        // The worker catches up from its cursor before it says "online" (a slow pull does not hold
        // that back for long); then it shows the network as it is by now.
        const caughtUp = Promise.race([jobs.pull(), new Promise((resolve) => setTimeout(resolve, CATCH_UP_BEFORE_ONLINE_MS))]);
        background(caughtUp.finally(() => setState({ network: services.network.state })));
      },
      onSessionChange: (reason) => {
        background(sessionReactions.changed(reason));
        background(jobs.refreshWorkingSet());
      },
      onSessionExpired: () => sessionReactions.expire(),
      onBusy: (delta) => setState({ busy: Math.max(0, state.busy + delta) }),
      onUploadProgress: (progress) => uploadProgress(progress),
    },
  );
  const { db, bus, network, session, http, cache, outbox } = services;
  const toast = createToaster(hub, bus, services.now);

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

  // ---- the queue and its flush ------------------------------------------------------------------

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
    // What was sent changed records: the working set catches up at once rather than at its next pull.
    onFlushed: () => {
      background(jobs.refreshStorage());
      background(jobs.pull());
    },
    onError: (error) => background(Promise.reject(error)),
  });
  const requestFlush = () => background(scheduler.request());

  /**
   * Reports visitors made on this device without a connection go as soon as one is there (start-up,
   * coming online, a tab shown again); this core's tabs and the other contexts hear of each that
   * changed.
   */
  const sendVisitorReports = () =>
    background(
      services.visitorReports.sendWaiting().then(({ changed }) => {
        if (changed.length === 0) return;
        hub.emit({ type: 'synced', area: 'requests', targetIds: changed });
        bus.post({ type: 'synced', area: 'requests', targetIds: changed });
      }),
    );

  // ---- the session and the background jobs -----------------------------------------------------

  const jobs = createBackgroundJobs({ services, hub, tasks, setState, queueChanged, refreshQueue });

  const sessionReactions = createSessionReactions({
    session,
    hub,
    setState,
    refreshQueue,
    background,
    onLogin: async () => {
      await requestPersistentStorage();
      background(jobs.refreshStorage());
      requestFlush();
      background(jobs.heartbeat('visible'));
      background(jobs.pull());
    },
  });

  /** The browser deleted the device DB under this context: say so once, and start again signed out. */
  const dbLoss = watchForDbLoss(db, {
    now: services.now,
    onError: (error) => background(Promise.reject(error)),
    onLost: async () => {
      const queuedLost = state.queue.items.filter((item) => needsAttention(item.status)).length;
      toast({ severity: 'warn', summary: t('Saved data removed'), detail: deviceDataLostMessage(queuedLost) }, true);
      // The tokens went with the DB: every context's tabs go to sign-in, whose first sync rebuilds the working set.
      await session.clear('expired');
      background(refreshQueue());
      background(jobs.refreshWorkingSet());
      background(jobs.refreshStorage());
    },
  });

  function onBus(message: BusMessage): void {
    routeBusMessage(message, {
      hub,
      toast,
      queueChanged: () => {
        background(refreshQueue());
        background(scheduler.rearm());
      },
      sessionChanged: (reason) => {
        background(sessionReactions.changed(reason));
        background(jobs.refreshWorkingSet());
      },
      networkChanged: () => background(network.load()),
      versionChanged: () => background(jobs.loadVersion()),
      flushRequested: requestFlush,
    });
  }

  // ---- start-up --------------------------------------------------------------------------------

  let releaseWorkerLock: (() => void) | null = null;
  const streamClosed = new AbortController();
  const unsubscribe = bus.subscribe(onBus);

  const ready = (async () => {
    // Tabs wait on this lock: when it is granted to them, this instance is gone.
    releaseWorkerLock = await holdLock(LOCKS.worker(instanceId));
    await network.load();
    await dbLoss.mark();
    const user = await session.user();
    setState({ session: { status: user ? 'signed-in' : 'signed-out', user } });
    await jobs.purge();
    await jobs.loadVersion();
    await jobs.refreshStorage();
    await jobs.refreshWorkingSet();
    if (options.timers !== false) {
      jobs.startTimers();
      // Live: every hint of the server's changes (and the first, on each connection) pulls them.
      keepHintStream(
        {
          open: (signal) => http.openStream('sync/stream/', signal),
          wanted: async () => Boolean((await session.tokens())?.access) && !network.isBrowserOffline(),
          onHead: () => background(jobs.pull()),
          wait: (ms) =>
            new Promise<void>((resolve) => {
              const timer = setTimeout(resolve, ms);
              streamClosed.signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
            }),
        },
        streamClosed.signal,
      );
    }
    requestFlush();
    sendVisitorReports();
    background(jobs.pull());
  })();

  // ---- the WorkerCalls ---------------------------------------------------------------------------

  const areaContext: AreaContext = {
    http,
    cache,
    workingSet: services.workingSet,
    outbox,
    network,
    visitorReports: services.visitorReports,
    async enqueue(mutation) {
      const user = await session.user();
      const row = await outbox.enqueueMutation({ ...mutation, userId: user?.id ?? null });
      queueChanged();
      requestFlush();
      background(jobs.refreshStorage());
      return row;
    },
  };

  const workerCalls: WorkerCalls = guardCalls<WorkerCalls>({
    async connect(hello, events) {
      await ready;
      hub.add(hello, events, (onDead) => whenLockFreed(LOCKS.tab(hello.tabId), onDead));
      await network.browserReported(hello.online);
      if (hello.visible) {
        background(jobs.heartbeat('visible'));
        requestFlush();
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
        if (online) {
          requestFlush();
          sendVisitorReports();
        }
      },
      async tabVisible() {
        await ready;
        requestFlush();
        sendVisitorReports();
        background(jobs.heartbeat('visible'));
        background(jobs.checkVersion());
        background(jobs.refreshStorage());
        background(jobs.pull());
      },
    },

    session: createSessionCalls({ db, http, session, cache, outbox, workingSet: services.workingSet, onQueueCleared: queueChanged, writes: areaContext }),
    queue: queueCalls({ outbox, queueChanged, requestFlush, reapplyRefusal: (row) => reapplyRefusalOf(row, areaContext) }),
    exports: csvExportCalls(areaContext),
    history: historyCalls(areaContext),
    ...createAreaApis(areaContext),
  });

  return {
    workerCalls,
    instanceId,
    ready,
    state: () => state,
    flush: () => scheduler.request(),
    async close() {
      await ready.catch(() => undefined);
      streamClosed.abort();
      tasks.close();
      scheduler.close();
      unsubscribe();
      hub.closeAll();
      await queueView.settled();
      bus.close();
      releaseWorkerLock?.();
      dbLoss.stop();
      db.close();
    },
  };
}
