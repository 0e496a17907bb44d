/**
 * Behaviour §3/4 network state as pure transitions: flips between online and offline, the 20 newest
 * events and the 30 most recent issues.
 */
import { NETWORK_EVENTS_KEPT, NETWORK_ISSUES_KEPT } from '../../shared/constants.js';
import type { NetworkIssue, NetworkState } from '../../shared/data/protocol.js';

export interface ConnectivityChange {
  isOnline: boolean;
  reason: string;
  details?: string | null;
  /** Record the change even when the state already says so. */
  force?: boolean;
}

export interface IssueReport {
  key: string;
  message: string;
  type: string;
  scope: string;
  meta?: NetworkIssue['meta'];
}

export function initialNetworkState(isOnline: boolean): NetworkState {
  return { isOnline, offlineSince: null, lastOnlineAt: null, lastChangeAt: null, lastReason: null, lastDetails: null, events: [], issues: [] };
}

/** The state after a change, or null when it is a duplicate that changes nothing (behaviour §4). */
export function applyConnectivity(state: NetworkState, change: ConnectivityChange, at: string): NetworkState | null {
  if (change.isOnline === state.isOnline && !change.force) return null;
  const details = change.details ?? null;
  const event = { at, isOnline: change.isOnline, reason: change.reason, details };
  return {
    ...state,
    isOnline: change.isOnline,
    offlineSince: change.isOnline ? null : state.isOnline || !state.offlineSince ? at : state.offlineSince,
    lastOnlineAt: change.isOnline ? at : state.lastOnlineAt,
    lastChangeAt: at,
    lastReason: change.reason,
    lastDetails: details,
    events: [event, ...state.events].slice(0, NETWORK_EVENTS_KEPT),
  };
}

/** Counts a repeat of a known issue, or adds a new one; the most recent issue comes first. */
export function recordIssue(state: NetworkState, report: IssueReport, at: string): NetworkState {
  const existing = state.issues.find((issue) => issue.key === report.key);
  const updated: NetworkIssue = existing
    ? { ...existing, message: report.message, type: report.type, scope: report.scope, meta: report.meta ?? existing.meta, count: existing.count + 1, lastSeenAt: at }
    : { key: report.key, message: report.message, type: report.type, scope: report.scope, meta: report.meta ?? null, count: 1, firstSeenAt: at, lastSeenAt: at };
  const others = state.issues.filter((issue) => issue.key !== report.key);
  return { ...state, issues: [updated, ...others].slice(0, NETWORK_ISSUES_KEPT) };
}
