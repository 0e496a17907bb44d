/**
 * Behaviour §8: the same toast is not repeated within 4 seconds. One gate per context that shows or sends
 * toasts (the data worker for its own, each tab for the ones its screens raise).
 */
import { TOAST_DEDUPE_MS } from '../constants.js';

/** Returns a check that answers true when a toast with this key may be shown now. */
export function createToastGate(windowMs: number = TOAST_DEDUPE_MS, now: () => number = Date.now): (key: string) => boolean {
  const shownAt = new Map<string, number>();
  return (key) => {
    const t = now();
    for (const [k, at] of shownAt) if (t - at >= windowMs) shownAt.delete(k);
    if (shownAt.has(key)) return false;
    shownAt.set(key, t);
    return true;
  };
}

/** The key two toasts share when they say the same thing. */
export function toastKey(severity: string, summary: string, detail: string): string {
  return `${severity}|${summary}|${detail}`;
}
