/**
 * Main-thread measurement inside the page: long tasks (> 50 ms), Event Timing entries of real
 * interactions (Playwright's clicks and keys are real input events) and long animation frames
 * (their script attribution says which code ran), gathered by observers an init script installs
 * before the app's first script, then drained flow by flow. Plus the 6× CPU throttle.
 */
import type { BrowserContext, Page } from '@playwright/test';

export interface LongTask {
  start: number;
  duration: number;
}

export interface Interaction {
  name: string;
  interactionId: number;
  duration: number;
}

export interface FrameScript {
  invoker: string;
  source: string;
  duration: number;
}

export interface LongFrame {
  duration: number;
  blocking: number;
  scripts: FrameScript[];
}

export interface Drained {
  longTasks: LongTask[];
  interactions: Interaction[];
  frames: LongFrame[];
}

interface ProbeState extends Drained {
  observers: PerformanceObserver[];
  take: (entries: PerformanceEntryList) => void;
}

type ProbeWindow = Window & { __benchProbe?: ProbeState };

/** lib.dom in this TypeScript lacks interactionId. */
type EventTimingEntry = PerformanceEventTiming & { interactionId?: number };

/** Long-animation-frame entries; lib.dom has no types for them yet. */
interface LoafEntry extends PerformanceEntry {
  blockingDuration: number;
  scripts: { invoker: string; sourceURL: string; sourceFunctionName: string; duration: number }[];
}

/**
 * tsx compiles this script with esbuild's keepNames, which wraps named functions in a `__name(...)`
 * helper; functions handed to the page (evaluate, init scripts) then need that helper there too.
 */
export async function installNameShim(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: 'globalThis.__name ??= (fn) => fn;' });
}

export async function installProbe(context: BrowserContext): Promise<void> {
  await installNameShim(context);
  await context.addInitScript(() => {
    const take = (entries: PerformanceEntryList) => {
      for (const entry of entries) {
        if (entry.entryType === 'longtask') state.longTasks.push({ start: entry.startTime, duration: entry.duration });
        else if (entry.entryType === 'event') {
          const event = entry as EventTimingEntry;
          if (event.interactionId) state.interactions.push({ name: event.name, interactionId: event.interactionId, duration: event.duration });
        } else if (entry.entryType === 'long-animation-frame') {
          const frame = entry as LoafEntry;
          if (frame.blockingDuration > 0) {
            state.frames.push({
              duration: frame.duration,
              blocking: frame.blockingDuration,
              scripts: frame.scripts.map((s) => ({ invoker: s.invoker.replace(location.origin, ''), source: `${s.sourceURL.replace(location.origin, '')}${s.sourceFunctionName ? ` ${s.sourceFunctionName}` : ''}`, duration: s.duration })),
            });
          }
        }
      }
    };
    const state: ProbeState = { longTasks: [], interactions: [], frames: [], observers: [], take };
    (window as ProbeWindow).__benchProbe = state;
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

/** Everything observed in this document since the last drain; Event Timing lands after a paint. */
export function drain(page: Page): Promise<Drained> {
  return page.evaluate(async () => {
    await new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 100))));
    const state = (window as ProbeWindow).__benchProbe;
    if (!state) throw new Error('the performance probe is not installed in this page');
    // Entries queued but not yet delivered to the callbacks.
    for (const observer of state.observers) state.take(observer.takeRecords());
    const out: Drained = { longTasks: state.longTasks, interactions: state.interactions, frames: state.frames };
    state.longTasks = [];
    state.interactions = [];
    state.frames = [];
    return out;
  });
}

export async function throttleCpu(page: Page, rate: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}

export interface FlowFigures {
  flow: string;
  wallMs: number;
  longTasks: number;
  longestTaskMs: number;
  /** Sum of (duration − 50 ms) over the long tasks, as Total Blocking Time counts it. */
  blockingMs: number;
  slowestInteraction: { name: string; ms: number } | null;
  /** The scripts of the longest blocking frame, longest first. */
  worstFrameScripts: FrameScript[];
  note?: string;
}

export function summarise(flow: string, wallMs: number, drained: Drained, note?: string): FlowFigures {
  const durations = drained.longTasks.map((t) => t.duration);
  let slowest: { name: string; ms: number } | null = null;
  for (const i of drained.interactions) if (!slowest || i.duration > slowest.ms) slowest = { name: i.name, ms: i.duration };
  const worst = [...drained.frames].sort((a, b) => b.blocking - a.blocking)[0];
  return {
    flow,
    wallMs,
    longTasks: durations.length,
    longestTaskMs: durations.length ? Math.max(...durations) : 0,
    blockingMs: durations.reduce((sum, d) => sum + Math.max(0, d - 50), 0),
    slowestInteraction: slowest,
    worstFrameScripts: worst ? [...worst.scripts].sort((a, b) => b.duration - a.duration).slice(0, 3) : [],
    ...(note ? { note } : {}),
  };
}
