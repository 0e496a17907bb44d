/**
 * The shift's recorder: every user step runs under a name, then the main tab's probe (and the
 * second tab's, while it is open) is drained, so each long task, interaction and long animation
 * frame carries the step that was going on. Steps have a phase, so a reload of the tab and the
 * opening or closing of a second tab can be told from ordinary actions, and the flush from both.
 */
import type { Page } from '@playwright/test';
import type { ConsoleLog } from './shift-console.js';
import { drainShift, type ShiftDrained } from './shift-probe.js';

export type Phase = 'action' | 'reload' | 'tab' | 'flush';

export interface StepRecord {
  index: number;
  /** What the user was doing (the kind of step: "Claim a work order"). */
  name: string;
  /** Which one (an order's number, a quantity). */
  detail: string;
  phase: Phase;
  /** Since the shift started. */
  startMs: number;
  wallMs: number;
  /** Milestones inside the step (ms since it started): which part of it took the time. */
  marks: Record<string, number>;
  main: ShiftDrained | null;
  /** The second tab's entries while it is open. */
  extra: ShiftDrained | null;
  error?: string;
}

export class Recorder {
  readonly steps: StepRecord[] = [];
  readonly startedAt = Date.now();
  /** The second tab, while it is open. */
  extra: Page | null = null;
  private marks: Record<string, number> = {};
  /** The running step's name. */
  current = '';
  private stepStart = 0;

  constructor(
    private readonly page: () => Page,
    private readonly consoleLog: ConsoleLog,
    private readonly log: (message: string) => void,
  ) {}

  /** Notes how long the current step has run when it reached `label`. */
  mark(label: string): void {
    this.marks[label] = Date.now() - this.stepStart;
  }

  async step(name: string, run: () => Promise<void>, opts: { detail?: string; phase?: Phase } = {}): Promise<void> {
    const index = this.steps.length + 1;
    this.consoleLog.step = name;
    this.current = name;
    const start = Date.now();
    this.stepStart = start;
    this.marks = {};
    let error: string | undefined;
    try {
      await run();
    } catch (err) {
      error = err instanceof Error ? err.message.split('\n').slice(0, 6).join('\n') : String(err);
    }
    const wallMs = Date.now() - start;
    const main = await drainShift(this.page()).catch(() => null);
    const extra = this.extra ? await drainShift(this.extra).catch(() => null) : null;
    const record: StepRecord = { index, name, detail: opts.detail ?? '', phase: opts.phase ?? 'action', startMs: start - this.startedAt, wallMs, marks: this.marks, main, extra, ...(error ? { error } : {}) };
    this.steps.push(record);
    const tasks = main?.longTasks.length ?? 0;
    this.log(`  ${String(index).padStart(3)} ${name}${opts.detail ? ` (${opts.detail})` : ''}: ${wallMs} ms${tasks ? `, ${tasks} long task${tasks === 1 ? '' : 's'}` : ''}${error ? ` FAILED: ${error.split('\n')[0]}` : ''}`);
    if (Object.keys(this.marks).length) this.log(`        ${Object.entries(this.marks).map(([k, v]) => `${k} ${v} ms`).join(', ')}`);
    if (error) throw new Error(`step ${index} "${name}${opts.detail ? ` (${opts.detail})` : ''}" failed: ${error}`);
  }
}
