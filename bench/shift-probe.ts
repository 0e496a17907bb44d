/**
 * The shift benchmark's probe in each page: like client-probe.ts (long tasks, Event Timing, long
 * animation frames, from observers an init script installs before the app's first script), with
 * more of each entry kept, so the shift's figures can say what ran and what was clicked:
 * - long tasks with their start, for the list of the longest;
 * - every Event Timing entry of an interaction with its phases (input delay, processing,
 *   presentation) and a short description of its target, plus `performance.interactionCount`,
 *   which also counts the interactions faster than Event Timing's 16 ms floor (they have no entry);
 * - long animation frames with their render and style/layout parts and every script's invoker,
 *   source, function, character position and forced style/layout time.
 * Entries are drained step by step; each drain also names the document (its time origin), since a
 * reload starts a new one whose interaction ids start again.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { installNameShim } from './client-probe.js';

export interface ShiftLongTask {
  start: number;
  duration: number;
}

export interface ShiftEvent {
  name: string;
  interactionId: number;
  start: number;
  duration: number;
  inputDelay: number;
  processing: number;
  presentation: number;
  /** tag#id.class "text…" of the event's target, when it was still in the document. */
  target: string;
}

export interface ShiftScript {
  invoker: string;
  invokerType: string;
  source: string;
  functionName: string;
  charPosition: number;
  duration: number;
  forcedStyleAndLayout: number;
}

export interface ShiftFrame {
  start: number;
  duration: number;
  blocking: number;
  /** From the start of rendering (rAF, style, layout, paint) to the frame's end. */
  render: number;
  styleAndLayout: number;
  scripts: ShiftScript[];
}

export interface ShiftDrained {
  /** performance.timeOrigin of the document these came from. */
  document: number;
  longTasks: ShiftLongTask[];
  events: ShiftEvent[];
  frames: ShiftFrame[];
  /** Interactions since the last drain, by performance.interactionCount (null where the browser lacks it). */
  interactionCount: number | null;
}

interface ProbeState {
  longTasks: ShiftLongTask[];
  events: ShiftEvent[];
  frames: ShiftFrame[];
  countAtDrain: number;
  observers: PerformanceObserver[];
  take: (entries: PerformanceEntryList) => void;
}

type ProbeWindow = Window & { __shiftProbe?: ProbeState };

type EventTimingEntry = PerformanceEventTiming & { interactionId?: number };

interface LoafScript {
  invoker: string;
  invokerType: string;
  sourceURL: string;
  sourceFunctionName: string;
  sourceCharPosition: number;
  duration: number;
  forcedStyleAndLayoutDuration: number;
}

interface LoafEntry extends PerformanceEntry {
  blockingDuration: number;
  renderStart: number;
  styleAndLayoutStart: number;
  scripts: LoafScript[];
}

export async function installShiftProbe(context: BrowserContext): Promise<void> {
  await installNameShim(context);
  await context.addInitScript(() => {
    const describe = (node: Node | null): string => {
      if (!node || !(node instanceof Element)) return node ? node.nodeName : '';
      const id = node.id ? `#${node.id}` : '';
      const classes = typeof node.className === 'string' && node.className.trim() ? `.${node.className.trim().split(/\s+/).slice(0, 2).join('.')}` : '';
      const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 30);
      return `${node.tagName.toLowerCase()}${id}${classes}${text ? ` "${text}"` : ''}`;
    };
    const take = (entries: PerformanceEntryList) => {
      for (const entry of entries) {
        if (entry.entryType === 'longtask') state.longTasks.push({ start: entry.startTime, duration: entry.duration });
        else if (entry.entryType === 'event') {
          const event = entry as EventTimingEntry;
          if (!event.interactionId) continue;
          state.events.push({
            name: event.name,
            interactionId: event.interactionId,
            start: event.startTime,
            duration: event.duration,
            inputDelay: event.processingStart - event.startTime,
            processing: event.processingEnd - event.processingStart,
            presentation: Math.max(0, event.startTime + event.duration - event.processingEnd),
            target: describe(event.target),
          });
        } else if (entry.entryType === 'long-animation-frame') {
          const frame = entry as LoafEntry;
          if (frame.blockingDuration <= 0) continue;
          const end = frame.startTime + frame.duration;
          state.frames.push({
            start: frame.startTime,
            duration: frame.duration,
            blocking: frame.blockingDuration,
            render: frame.renderStart ? end - frame.renderStart : 0,
            styleAndLayout: frame.styleAndLayoutStart ? end - frame.styleAndLayoutStart : 0,
            scripts: frame.scripts.map((s) => ({
              invoker: s.invoker.replace(location.origin, ''),
              invokerType: s.invokerType,
              source: s.sourceURL.replace(location.origin, ''),
              functionName: s.sourceFunctionName,
              charPosition: s.sourceCharPosition,
              duration: s.duration,
              forcedStyleAndLayout: s.forcedStyleAndLayoutDuration,
            })),
          });
        }
      }
    };
    const state: ProbeState = { longTasks: [], events: [], frames: [], countAtDrain: 0, observers: [], take };
    (window as ProbeWindow).__shiftProbe = state;
    const observe = (init: PerformanceObserverInit & { durationThreshold?: number }) => {
      try {
        const observer = new PerformanceObserver((list) => take(list.getEntries()));
        observer.observe(init);
        state.observers.push(observer);
      } catch {
        // An entry type this browser lacks: its figures stay empty.
      }
    };
    observe({ type: 'longtask', buffered: true });
    observe({ type: 'event', durationThreshold: 16, buffered: true });
    observe({ type: 'long-animation-frame', buffered: true });
  });
}

/** Everything observed in the page's document since the last drain (Event Timing lands after a paint). */
export function drainShift(page: Page): Promise<ShiftDrained> {
  return page.evaluate(async () => {
    await new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 100))));
    const state = (window as ProbeWindow).__shiftProbe;
    if (!state) throw new Error('the shift probe is not installed in this page');
    for (const observer of state.observers) state.take(observer.takeRecords());
    const count = (performance as Performance & { interactionCount?: number }).interactionCount;
    const out: ShiftDrained = {
      document: performance.timeOrigin,
      longTasks: state.longTasks,
      events: state.events,
      frames: state.frames,
      interactionCount: typeof count === 'number' ? count - state.countAtDrain : null,
    };
    if (typeof count === 'number') state.countAtDrain = count;
    state.longTasks = [];
    state.events = [];
    state.frames = [];
    return out;
  });
}
