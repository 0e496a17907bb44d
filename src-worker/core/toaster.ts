/**
 * Toasts no caller receives (a queued write refused by the server): shown once per 4 s across
 * every tab of every context. A toast made here goes to this core's tabs and onto the bus; one
 * from the bus goes to this core's tabs only.
 */
import type { ToastSeverity } from '../../shared/data/protocol.js';
import { createToastGate, toastKey } from '../../shared/data/toast-gate.js';
import type { Bus } from '../services/bus.js';
import type { TabHub } from '../services/tab-hub.js';

export interface Toast {
  severity: ToastSeverity;
  summary: string;
  detail: string;
}

export type Toaster = (toast: Toast, fromHere: boolean) => void;

export function createToaster(hub: TabHub, bus: Bus, now: () => number): Toaster {
  const showOnce = createToastGate(undefined, now);
  return (t, fromHere) => {
    const key = toastKey(t.severity, t.summary, t.detail);
    if (!showOnce(key)) return;
    hub.emit({ type: 'toast', severity: t.severity, summary: t.summary, detail: t.detail, key });
    if (fromHere) bus.post({ type: 'toast', severity: t.severity, summary: t.summary, detail: t.detail, key });
  };
}
