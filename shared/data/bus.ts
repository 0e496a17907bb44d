/**
 * Names every context of the client agrees on (tabs, data worker instances, the service worker):
 * the BroadcastChannel, its messages, the Web Lock names and the background-sync tag.
 */
import type { ToastSeverity } from './protocol.js';

export const BUS_CHANNEL = 'cmms-bus';

/** Background Sync tag; a tab registers it while queued actions wait (workers cannot, portably). */
export const OUTBOX_SYNC_TAG = 'cmms-outbox';
/** Background Sync tag for the reports a visitor sent from a label's form without a connection. */
export const VISITOR_REPORTS_SYNC_TAG = 'cmms-visitor-reports';

export const LOCKS = {
  /** One flush at a time anywhere: every data worker instance and the service worker. */
  outboxFlush: 'outbox-flush',
  /** One token refresh at a time; the holder re-reads the tokens before refreshing. */
  authRefresh: 'auth-refresh',
  heartbeat: 'heartbeat',
  /** Held by the one context of the browser that keeps the live hint stream open. */
  syncStream: 'sync-stream',
  /** One pull of the working set at a time for the whole device. */
  workingSetPull: 'working-set-pull',
  versionCheck: 'version-check',
  /** One sender of visitors' kept reports at a time (the data worker or the service worker). */
  visitorReports: 'visitor-reports',
  /** Held by a tab for its life; the data worker learns of its death when this is granted to it. */
  tab: (tabId: string) => `tab:${tabId}`,
  /** Held by a data worker instance for its life; tabs learn of its death the same way. */
  worker: (instanceId: string) => `worker:${instanceId}`,
} as const;

/**
 * Cross-context notices. Each says "re-read from the device DB", except the ones that carry the
 * one-off event itself (toast, synced, reload).
 */
export type BusMessage =
  | { type: 'queue-changed'; from: string }
  | { type: 'session-changed'; from: string; reason: 'login' | 'logout' | 'expired' | 'signed-out' | 'tokens' | 'user' }
  | { type: 'network-changed'; from: string }
  | { type: 'version-changed'; from: string }
  /** Someone (a tab coming online, the service worker) asks the data worker to flush now. */
  | { type: 'flush-requested'; from: string }
  | { type: 'flushed'; from: string }
  | { type: 'toast'; from: string; severity: ToastSeverity; summary: string; detail: string; key: string }
  | { type: 'synced'; from: string; area: string; targetIds: string[] }
  | { type: 'reload'; from: string; reason: 'forced-update' };

export function isBusMessage(value: unknown): value is BusMessage {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string' && typeof (value as { from?: unknown }).from === 'string';
}
