/** The time rules of labour entries (docs/decisions.md: What the work costs); times are epoch milliseconds. */
import { LABOUR_MAX_MINUTES, LABOUR_MESSAGES } from '../../../shared/api/labour.js';

const MINUTE_MS = 60_000;
/** A time may be this far ahead of the server's clock: a device's clock and zone may run ahead of it. */
export const LABOUR_FUTURE_MS = 24 * 60 * MINUTE_MS;
const MAX_MS = LABOUR_MAX_MINUTES * MINUTE_MS;

/** Whole minutes from start to stop, never below 0. */
export function labourMinutes(startMs: number, stopMs: number): number {
  return Math.max(0, Math.round((stopMs - startMs) / MINUTE_MS));
}

/** Why a start and a stop cannot make an entry, or null: the stop after the start, at most LABOUR_MAX_MINUTES later. */
export function stopProblem(startMs: number, stopMs: number): string | null {
  if (stopMs <= startMs) return LABOUR_MESSAGES.stopBeforeStart;
  if (stopMs - startMs > MAX_MS) return LABOUR_MESSAGES.tooLong;
  return null;
}

/**
 * Where a running timer stops when its user starts another: at the new start, never before its own
 * start, and never more than LABOUR_MAX_MINUTES after it (a timer forgotten for days becomes an
 * entry of the longest kind, not one that no rule allows, and the new start is not refused for it).
 */
export function replacedTimerStop(runningStartMs: number, newStartMs: number): number {
  return Math.min(Math.max(newStartMs, runningStartMs), runningStartMs + MAX_MS);
}
