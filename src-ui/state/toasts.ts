/**
 * The one way to show a toast, for the worker's toast events and for screens alike. The same
 * message is not repeated within the spec's 4 s window (behaviour §8).
 */
import { createToastGate, toastKey } from '../../shared/data/toast-gate';
import type { ToastSeverity } from '../../shared/data/protocol';
import { msg } from '../../shared/i18n/msg';

export interface ToastRequest {
  severity: ToastSeverity;
  detail: string;
  summary?: string;
}

interface Toast {
  severity: ToastSeverity;
  summary: string;
  detail: string;
}

type Sink = (toast: Toast) => void;

/** Marked English: the toast outlet (components/AppToasts) says them in the active language. */
const SUMMARIES: Record<ToastSeverity, string> = { success: msg('Success'), info: msg('Info'), warn: msg('Warning'), error: msg('Error') };

let sink: Sink | null = null;
const waiting: Toast[] = [];
const mayShow = createToastGate();

export function showToast(request: ToastRequest): void {
  const toast = { severity: request.severity, summary: request.summary ?? SUMMARIES[request.severity], detail: request.detail };
  if (!mayShow(toastKey(toast.severity, toast.summary, toast.detail))) return;
  if (sink) sink(toast);
  else waiting.push(toast);
}

/** The toast component registers itself here; toasts raised before it mounted are shown then. */
export function setToastSink(next: Sink | null): void {
  sink = next;
  if (sink) for (const toast of waiting.splice(0)) sink(toast);
}
