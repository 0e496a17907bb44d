/**
 * Builds the data layer's pieces in one place, for the data worker core and for the service
 * worker's flush alike: device DB, bus, network state, session, API client, cache, outbox and the
 * handler registry with every area's handlers.
 */
import { xhrUploadFetch } from './http/xhr-upload.js';
import type { UploadProgress } from '../shared/data/protocol.js';
import { BUS_CHANNEL } from '../shared/data/bus.js';
import { DEVICE_DB_NAME, DeviceDb } from '../shared/data/db-schema.js';
import type { NetworkState } from '../shared/data/protocol.js';
import { HttpClient, type FetchLike } from './http/http-client.js';
import { ResponseCache } from './cache/response-cache.js';
import { registerAllHandlers } from './areas/index.js';
import { NetworkMonitor } from './network/network-monitor.js';
import { HandlerRegistry } from './outbox/handlers.js';
import { ANSWERED_COMPLETION } from './procedures/task-completion.js';
import { OutboxStore } from './outbox/outbox-store.js';
import { openBus, type Bus } from './services/bus.js';
import { registerAccountWrites } from './session/account-writes.js';
import { SessionStore, type SessionChange } from './session/session-store.js';
import { WorkingSet } from './sync/working-set.js';
import { VisitorReports } from './visitor/visitor-reports.js';

export interface DataServicesOptions {
  /** Who posts on the bus (an instance id, or 'sw'). */
  contextId: string;
  fetch?: FetchLike;
  /** Absolute API base ending in `/api/v1/`; defaults to this origin's. */
  baseUrl?: string;
  dbName?: string;
  busName?: string;
  now?: () => number;
}

export interface DataServiceHooks {
  onNetworkChange?: (state: NetworkState) => void;
  onSessionChange?: (reason: SessionChange) => void;
  onSessionExpired: () => Promise<void>;
  onBusy?: (delta: number) => void;
  onUploadProgress?: (progress: UploadProgress | null) => void;
}

export interface DataServices {
  db: DeviceDb;
  bus: Bus;
  now: () => number;
  network: NetworkMonitor;
  session: SessionStore;
  http: HttpClient;
  cache: ResponseCache;
  outbox: OutboxStore;
  workingSet: WorkingSet;
  handlers: HandlerRegistry;
  visitorReports: VisitorReports;
}

export function defaultBaseUrl(): string {
  return `${self.location.origin}/api/v1/`;
}

export function createDataServices(options: DataServicesOptions, hooks: DataServiceHooks): DataServices {
  const now = options.now ?? Date.now;
  const fetchImpl: FetchLike = options.fetch ?? ((input, init) => fetch(input, init));
  const db = new DeviceDb(options.dbName ?? DEVICE_DB_NAME);
  const bus = openBus(options.contextId, options.busName ?? BUS_CHANNEL);
  const network = new NetworkMonitor({ db, bus, now, onChange: (state) => hooks.onNetworkChange?.(state) });
  const session = new SessionStore(db, bus, (reason) => hooks.onSessionChange?.(reason));
  const http = new HttpClient({
    fetch: fetchImpl,
    baseUrl: options.baseUrl ?? defaultBaseUrl(),
    session,
    network,
    onSessionExpired: hooks.onSessionExpired,
    onBusy: hooks.onBusy,
    uploadFetch: xhrUploadFetch(),
    onUploadProgress: hooks.onUploadProgress,
  });
  const handlers = new HandlerRegistry();
  registerAllHandlers(handlers);
  registerAccountWrites(handlers, session);
  return { db, bus, now, network, session, http, cache: new ResponseCache(db, now), outbox: new OutboxStore(db, now, [ANSWERED_COMPLETION]), workingSet: new WorkingSet(db, now), handlers, visitorReports: new VisitorReports(db, http, now) };
}
