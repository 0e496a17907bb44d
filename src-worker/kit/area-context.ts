/**
 * What an area module needs to serve the WorkerCalls: the API client, the cache, the working set,
 * and a way to store a write for later (which also tells the tabs and starts a flush).
 */
import type { OutboxRow } from '../../shared/data/db-schema.js';
import type { HttpClient } from '../http/http-client.js';
import type { ResponseCache } from '../cache/response-cache.js';
import type { NetworkMonitor } from '../network/network-monitor.js';
import type { NewMutation, OutboxStore } from '../outbox/outbox-store.js';
import type { WorkingSet } from '../sync/working-set.js';
import type { VisitorReports } from '../visitor/visitor-reports.js';

export interface AreaContext {
  http: HttpClient;
  cache: ResponseCache;
  workingSet: WorkingSet;
  outbox: OutboxStore;
  network: NetworkMonitor;
  /** Reports from labels' forms, kept until sent (visitors, no account). */
  visitorReports: VisitorReports;
  enqueue: (mutation: NewMutation) => Promise<OutboxRow>;
}
