/**
 * The shift's figures from its raw step records: long tasks with the step they came in, total
 * blocking time (the sum of duration − 50 ms) over the shift with and without the reload and the
 * second tab, INP-style interaction latency (Event Timing entries grouped by interaction, the
 * longest entry of each; interactions under Event Timing's 16 ms floor have no entry and are
 * counted from performance.interactionCount as "under 16 ms"), and the long animation frames'
 * script attributions, longest first and summed by script file. Then the markdown tables.
 */
import type { ConsoleEntry } from './shift-console.js';
import { isOfflineNoise } from './shift-console.js';
import type { ShiftDrained, ShiftScript } from './shift-probe.js';
import type { Phase, StepRecord } from './shift-record.js';
import type { ShiftResult } from './shift-run.js';

export const BLOCKING_FLOOR_MS = 50;
/** Event Timing reports nothing shorter. */
const EVENT_FLOOR_MS = 16;

export interface TaskFigure {
  step: string;
  detail: string;
  phase: Phase;
  duration: number;
}

export interface InteractionFigure {
  /** The step's index in the shift. */
  index: number;
  step: string;
  detail: string;
  phase: Phase;
  /** The event types of the interaction (pointerdown, click, keydown…). */
  events: string;
  duration: number;
  inputDelay: number;
  processing: number;
  presentation: number;
  target: string;
}

export interface ScriptFigure extends ShiftScript {
  step: string;
  detail: string;
  /** A few characters of the served file at the script's position, to tell minified functions apart. */
  code?: string;
}

export interface TabFigures {
  longTasks: number;
  longestMs: number;
  blockingMs: number;
  interactions: number;
  interactionsOver16: number;
  p50: number;
  p98: number;
  max: number;
}

export interface ModeFigures {
  mode: string;
  steps: number;
  actionSteps: number;
  longTasks: TaskFigure[];
  blocking: { all: number; withoutReloadAndTabs: number; byPhase: Record<Phase, number> };
  interactions: {
    count: number;
    withEntry: number;
    p50: number;
    p98: number;
    max: number;
    slowest: InteractionFigure[];
    /** Among the interactions with an entry (16 ms or more): taps and key presses apart. */
    byKind: { kind: string; count: number; p50: number; p98: number; max: number }[];
  };
  frames: { count: number; blockingMs: number; renderMs: number; styleAndLayoutMs: number; forcedStyleAndLayoutMs: number };
  topScripts: ScriptFigure[];
  /** The scripts that forced the most style and layout work. */
  topForcedLayout: ScriptFigure[];
  scriptsBySource: { source: string; ms: number; count: number }[];
  scriptsByInvokerType: { invokerType: string; ms: number }[];
  secondTab: TabFigures | null;
  byStep: StepKindFigure[];
}

export interface StepKindFigure {
  name: string;
  phase: Phase;
  times: number;
  wallMs: number;
  longTasks: number;
  longestMs: number;
  blockingMs: number;
  interactions: number;
  slowestInteractionMs: number;
}

const blocking = (durations: number[]) => durations.reduce((sum, d) => sum + Math.max(0, d - BLOCKING_FLOOR_MS), 0);

/** Nearest-rank percentile of ascending `sorted`. */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

interface GroupedInteraction {
  duration: number;
  entry: ShiftDrained['events'][number];
  events: Set<string>;
}

/** One figure per interaction: the longest of its entries (INP's own rule). */
function groupInteractions(drained: ShiftDrained): GroupedInteraction[] {
  const byId = new Map<number, GroupedInteraction>();
  for (const event of drained.events) {
    const group = byId.get(event.interactionId);
    if (!group) byId.set(event.interactionId, { duration: event.duration, entry: event, events: new Set([event.name]) });
    else {
      group.events.add(event.name);
      if (event.duration > group.duration) {
        group.duration = event.duration;
        group.entry = event;
      }
    }
  }
  return [...byId.values()];
}

/**
 * An interaction whose entries were drained in two steps (a key pressed at a step's end) would count
 * twice; the ids are unique per document, so they are grouped over the whole document first.
 */
function interactionsOf(records: { step: StepRecord; drained: ShiftDrained }[]): { figures: InteractionFigure[]; uncounted: number } {
  const byDocument = new Map<number, { step: StepRecord; drained: ShiftDrained }[]>();
  for (const r of records) byDocument.set(r.drained.document, [...(byDocument.get(r.drained.document) ?? []), r]);
  const figures: InteractionFigure[] = [];
  let counted = 0;
  for (const parts of byDocument.values()) {
    const seen = new Map<number, InteractionFigure>();
    for (const { step, drained } of parts) {
      counted += drained.interactionCount ?? 0;
      for (const group of groupInteractions(drained)) {
        const previous = seen.get(group.entry.interactionId);
        if (previous && previous.duration >= group.duration) continue;
        seen.set(group.entry.interactionId, {
          index: step.index,
          step: step.name,
          detail: step.detail,
          phase: step.phase,
          events: [...group.events].join('/'),
          duration: group.duration,
          inputDelay: Math.round(group.entry.inputDelay),
          processing: Math.round(group.entry.processing),
          presentation: Math.round(group.entry.presentation),
          target: group.entry.target,
        });
      }
    }
    figures.push(...seen.values());
  }
  return { figures, uncounted: Math.max(0, counted - figures.length) };
}

function tabFigures(drained: ShiftDrained[]): TabFigures {
  const tasks = drained.flatMap((d) => d.longTasks.map((t) => t.duration));
  const fake = { index: 0, name: '', detail: '', phase: 'tab' } as StepRecord;
  const { figures, uncounted } = interactionsOf(drained.map((d) => ({ step: fake, drained: d })));
  const sorted = [...figures.map((f) => f.duration), ...Array<number>(uncounted).fill(0)].sort((a, b) => a - b);
  return {
    longTasks: tasks.length,
    longestMs: tasks.length ? Math.max(...tasks) : 0,
    blockingMs: blocking(tasks),
    interactions: sorted.length,
    interactionsOver16: figures.length,
    p50: percentile(sorted, 50),
    p98: percentile(sorted, 98),
    max: sorted.length ? sorted[sorted.length - 1]! : 0,
  };
}

export function figuresOf(result: ShiftResult, codeAt?: (source: string, position: number) => string | undefined): ModeFigures {
  const withMain = result.steps.filter((s): s is StepRecord & { main: ShiftDrained } => s.main !== null);
  const longTasks: TaskFigure[] = withMain.flatMap((s) => s.main.longTasks.map((t) => ({ step: s.name, detail: s.detail, phase: s.phase, duration: t.duration })));
  const byPhase: Record<Phase, number> = { action: 0, reload: 0, tab: 0, flush: 0 };
  for (const t of longTasks) byPhase[t.phase] += Math.max(0, t.duration - BLOCKING_FLOOR_MS);
  const all = blocking(longTasks.map((t) => t.duration));

  const { figures: interactions, uncounted } = interactionsOf(withMain.map((s) => ({ step: s, drained: s.main })));
  const sorted = [...interactions.map((i) => i.duration), ...Array<number>(uncounted).fill(0)].sort((a, b) => a - b);

  const frames = withMain.flatMap((s) => s.main.frames.map((f) => ({ step: s, frame: f })));
  const scripts: ScriptFigure[] = frames.flatMap(({ step, frame }) => frame.scripts.map((script) => ({ ...script, step: step.name, detail: step.detail })));
  const topScripts = [...scripts]
    .sort((a, b) => b.duration - a.duration)
    .slice(0, 5)
    .map((s) => {
      const code = codeAt?.(s.source, s.charPosition);
      return code ? { ...s, code } : s;
    });
  const bySource = new Map<string, { ms: number; count: number }>();
  const byInvokerType = new Map<string, number>();
  for (const s of scripts) {
    const key = s.source || `(${s.invokerType})`;
    const entry = bySource.get(key) ?? { ms: 0, count: 0 };
    entry.ms += s.duration;
    entry.count++;
    bySource.set(key, entry);
    byInvokerType.set(s.invokerType, (byInvokerType.get(s.invokerType) ?? 0) + s.duration);
  }

  const kinds = new Map<string, StepKindFigure>();
  const byStepInteractions = new Map<number, number[]>();
  for (const i of interactions) byStepInteractions.set(i.index, [...(byStepInteractions.get(i.index) ?? []), i.duration]);
  for (const s of result.steps) {
    const key = `${s.phase}|${s.name}`;
    const kind = kinds.get(key) ?? { name: s.name, phase: s.phase, times: 0, wallMs: 0, longTasks: 0, longestMs: 0, blockingMs: 0, interactions: 0, slowestInteractionMs: 0 };
    const tasks = s.main?.longTasks.map((t) => t.duration) ?? [];
    const stepInteractions = byStepInteractions.get(s.index) ?? [];
    kind.times++;
    kind.wallMs += s.wallMs;
    kind.longTasks += tasks.length;
    kind.longestMs = Math.max(kind.longestMs, ...tasks);
    kind.blockingMs += blocking(tasks);
    kind.interactions += s.main?.interactionCount ?? stepInteractions.length;
    kind.slowestInteractionMs = Math.max(kind.slowestInteractionMs, ...stepInteractions);
    kinds.set(key, kind);
  }

  const extra = result.steps.flatMap((s) => (s.extra ? [s.extra] : []));
  return {
    mode: result.mode,
    steps: result.steps.length,
    actionSteps: result.steps.filter((s) => s.phase === 'action').length,
    longTasks: [...longTasks].sort((a, b) => b.duration - a.duration),
    blocking: { all, withoutReloadAndTabs: all - byPhase.reload - byPhase.tab, byPhase },
    interactions: {
      count: sorted.length,
      withEntry: interactions.length,
      p50: percentile(sorted, 50),
      p98: percentile(sorted, 98),
      max: sorted.length ? sorted[sorted.length - 1]! : 0,
      slowest: [...interactions].sort((a, b) => b.duration - a.duration).slice(0, 5),
      byKind: (['tap', 'key'] as const).map((kind) => {
        const of = interactions
          .filter((i) => (kind === 'key' ? /key/.test(i.events) : !/key/.test(i.events)))
          .map((i) => i.duration)
          .sort((a, b) => a - b);
        return { kind, count: of.length, p50: percentile(of, 50), p98: percentile(of, 98), max: of.length ? of[of.length - 1]! : 0 };
      }),
    },
    frames: {
      count: frames.length,
      blockingMs: frames.reduce((n, f) => n + f.frame.blocking, 0),
      renderMs: frames.reduce((n, f) => n + f.frame.render, 0),
      styleAndLayoutMs: frames.reduce((n, f) => n + f.frame.styleAndLayout, 0),
      forcedStyleAndLayoutMs: scripts.reduce((n, s) => n + s.forcedStyleAndLayout, 0),
    },
    topScripts,
    topForcedLayout: [...scripts]
      .filter((s) => s.forcedStyleAndLayout > 0)
      .sort((a, b) => b.forcedStyleAndLayout - a.forcedStyleAndLayout)
      .slice(0, 3)
      .map((s) => {
        const code = codeAt?.(s.source, s.charPosition);
        return code ? { ...s, code } : s;
      }),
    scriptsBySource: [...bySource].map(([source, v]) => ({ source, ...v })).sort((a, b) => b.ms - a.ms).slice(0, 5),
    scriptsByInvokerType: [...byInvokerType].map(([invokerType, ms]) => ({ invokerType, ms })).sort((a, b) => b.ms - a.ms),
    secondTab: extra.length ? tabFigures(extra) : null,
    byStep: [...kinds.values()],
  };
}

// ---- markdown

const ms = (value: number) => `${Math.round(value)} ms`;
const under = (value: number) => (value < EVENT_FLOOR_MS ? `< ${EVENT_FLOOR_MS} ms` : ms(value));
const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`;
const MODE_TITLES: Record<string, string> = { shared: 'SharedWorker mode', dedicated: 'fallback mode (a dedicated worker per tab)' };
const PHASE_NOTES: Record<Phase, string> = { action: '', reload: ' *(reload)*', tab: ' *(2nd tab)*', flush: ' *(flush)*' };

function consoleSummary(entries: ConsoleEntry[]): { noise: number; problems: { key: string; n: number; first: ConsoleEntry }[] } {
  const problems = new Map<string, { key: string; n: number; first: ConsoleEntry }>();
  let noise = 0;
  for (const e of entries) {
    if (isOfflineNoise(e.text)) {
      noise++;
      continue;
    }
    const key = `${e.source} ${e.level}: ${e.text.replace(/\d+/g, 'N').slice(0, 160)}`;
    const found = problems.get(key);
    if (found) found.n++;
    else problems.set(key, { key, n: 1, first: e });
  }
  return { noise, problems: [...problems.values()] };
}

export function modeMarkdown(result: ShiftResult, f: ModeFigures): string[] {
  const out: string[] = [];
  const count = (phase: Phase) => result.steps.filter((s) => s.phase === phase).length;
  out.push(`### ${MODE_TITLES[result.mode] ?? result.mode}, page CPU ${result.cpuRate}× slower`, '');
  out.push(
    `Shift: ${f.steps} steps (${f.actionSteps} user actions and moves, ${count('reload')} offline reload, ${count('tab')} second-tab opening/closing, ${count('flush')} flush), ${seconds(result.shiftMs)} wall time offline to flushed` +
      ` (flush ${result.flushMs === null ? 'not reached' : seconds(result.flushMs)}; sign-in, first sync and screens seen once before it: ${seconds(result.setupMs)}, not measured). ${result.queued} actions queued.` +
      (result.error ? ` **Stopped early: ${result.error.split('\n')[0]}**` : ''),
    '',
  );
  out.push('| Step (main tab) | × | Wall | Long tasks | Longest | Blocking (TBT) | Interactions | Slowest interaction |', '|---|---|---|---|---|---|---|---|');
  for (const k of f.byStep) {
    out.push(
      `| ${k.name}${PHASE_NOTES[k.phase]} | ${k.times} | ${seconds(k.wallMs)} | ${k.longTasks} | ${k.longTasks ? ms(k.longestMs) : '—'} | ${ms(k.blockingMs)} | ${k.interactions} | ${k.interactions ? under(k.slowestInteractionMs) : '—'} |`,
    );
  }
  const b = f.blocking;
  out.push(
    `| **Whole shift** | ${f.steps} | ${seconds(result.steps.reduce((n, s) => n + s.wallMs, 0))} | ${f.longTasks.length} | ${f.longTasks.length ? ms(f.longTasks[0]!.duration) : '—'} | ${ms(b.all)} | ${f.interactions.count} | ${under(f.interactions.max)} |`,
    '',
  );
  out.push(
    `- Total blocking time: **${ms(b.all)}** over the shift; **${ms(b.withoutReloadAndTabs)}** without the reload and the second tab (reload ${ms(b.byPhase.reload)}, second tab opening/closing ${ms(b.byPhase.tab)}, flush ${ms(b.byPhase.flush)}, user steps ${ms(b.byPhase.action)}).`,
    `- Interactions (INP-style, longest Event Timing entry per interaction): ${f.interactions.count} (${f.interactions.withEntry} of 16 ms or more), p50 **${under(f.interactions.p50)}**, p98 **${under(f.interactions.p98)}**, max **${under(f.interactions.max)}**` +
      ` (of those of 16 ms or more: ${f.interactions.byKind.map((k) => `${k.count} ${k.kind === 'tap' ? 'taps' : 'key presses'} p50 ${ms(k.p50)}, p98 ${ms(k.p98)}, max ${ms(k.max)}`).join('; ')}).`,
  );
  if (f.interactions.slowest.length) {
    out.push('- Slowest interactions:');
    for (const i of f.interactions.slowest) {
      out.push(`  - ${ms(i.duration)} ${i.events} on ${i.target || '?'} — "${i.step}"${i.detail ? ` (${i.detail})` : ''}; input delay ${i.inputDelay}, processing ${i.processing}, presentation ${i.presentation} ms`);
    }
  }
  out.push(`- Longest tasks: ${f.longTasks.slice(0, 10).map((t) => `${ms(t.duration)} "${t.step}"${t.detail ? ` (${t.detail})` : ''}${PHASE_NOTES[t.phase]}`).join('; ') || 'none'}.`);
  out.push(
    `- Long animation frames with blocking: ${f.frames.count}, ${ms(f.frames.blockingMs)} blocking; their render phase ${ms(f.frames.renderMs)} (style and layout ${ms(f.frames.styleAndLayoutMs)}), forced style/layout inside scripts ${ms(f.frames.forcedStyleAndLayoutMs)}.`,
  );
  if (f.topScripts.length) {
    out.push('- Worst script attributions (long animation frames):');
    for (const s of f.topScripts) {
      out.push(`  - ${ms(s.duration)} ${s.invokerType} \`${s.invoker}\` → \`${s.source || '?'}\`${s.functionName ? ` ${s.functionName}` : ''}@${s.charPosition}${s.code ? ` \`${s.code}\`` : ''} — "${s.step}"${s.detail ? ` (${s.detail})` : ''}`);
    }
    if (f.topForcedLayout.length) {
      out.push('- Most forced style/layout inside a script:');
      for (const s of f.topForcedLayout) out.push(`  - ${ms(s.forcedStyleAndLayout)} of ${ms(s.duration)} ${s.invokerType} \`${s.invoker}\` → \`${s.source || '?'}\`@${s.charPosition} — "${s.step}"${s.detail ? ` (${s.detail})` : ''}`);
    }
    out.push(`- Script time in those frames by file: ${f.scriptsBySource.map((s) => `\`${s.source}\` ${ms(s.ms)} (${s.count})`).join('; ')}.`);
    out.push(`- … by invoker type: ${f.scriptsByInvokerType.map((s) => `${s.invokerType} ${ms(s.ms)}`).join('; ')}.`);
  }
  if (f.secondTab) {
    const t = f.secondTab;
    out.push(
      `- Second tab (its own page, also throttled; opened on the work-order list, then closed): ${t.longTasks} long tasks (longest ${ms(t.longestMs)}), blocking ${ms(t.blockingMs)}, ${t.interactions} interactions.`,
    );
  }
  out.push(`- Host mode seen after the reload and in the second tab: ${result.hostModeSeen.join(', ') || '—'}.`);
  if (result.flushCurve.length) {
    const retried = result.attempts.filter((a) => a > 0);
    out.push(
      `- The flush: badge ${result.flushCurve.filter((_, i, all) => i % Math.max(1, Math.ceil(all.length / 12)) === 0 || i === all.length - 1).map(([t, n]) => `${n} at ${seconds(t)}`).join(', ')}; ${retried.length} of ${result.attempts.length} queue items (as the Offline Activity panel lists them afterwards) needed more than one attempt${retried.length ? ` (attempts: ${retried.join(', ')})` : ''}.`,
    );
  }
  if (result.flushRequests.length) {
    out.push(`- The flush's writes at the server (first–last start after the network came back): ${result.flushRequests.map((r) => `${r.request} ×${r.count} [${Object.entries(r.statuses).map(([s, n]) => `${s}×${n}`).join(' ')}] ${seconds(r.firstMs)}–${seconds(r.lastMs)}`).join('; ')}.`);
  }
  const failed = result.checks.filter((c) => !c.ok);
  out.push(
    `- Writes on the server after the flush: ${result.checks.length === 0 ? 'not checked' : failed.length === 0 ? `all ${result.checks.length} checks passed (each write arrived exactly once)` : `**${failed.length} of ${result.checks.length} checks failed**: ${failed.map((c) => `${c.what}: expected ${c.expected}, got ${c.actual}`).join('; ')}`}.`,
  );
  if (result.anomalies.length) out.push(`- App behaviour not as expected: ${result.anomalies.join('; ')}.`);
  if (result.toastsClosed.length) out.push(`- A toast covered the control to tap (closed first, in the step): ${result.toastsClosed.length}× — ${result.toastsClosed.join('; ')}.`);
  const consoleFigures = consoleSummary(result.console);
  out.push(`- Console: ${consoleFigures.problems.reduce((n, p) => n + p.n, 0)} errors/warnings besides ${consoleFigures.noise} offline network failures${consoleFigures.problems.length ? ':' : '.'}`);
  for (const p of consoleFigures.problems.slice(0, 12)) out.push(`  - ${p.n}× ${p.first.source} ${p.first.level} (first in "${p.first.step}"): ${p.first.text.slice(0, 300)}`);
  out.push('');
  return out;
}

export function overallMarkdown(results: { result: ShiftResult; figures: ModeFigures }[]): string[] {
  const cell = (fn: (r: ShiftResult, f: ModeFigures) => string) => results.map(({ result, figures }) => fn(result, figures)).join(' | ');
  const sep = results.map(() => '---').join('|');
  return [
    `| Overall | ${results.map((r) => r.result.mode).join(' | ')} |`,
    `|---|${sep}|`,
    `| Shift wall time (offline → flushed) | ${cell((r) => seconds(r.shiftMs))} |`,
    `| Steps / queued actions | ${cell((r, f) => `${f.steps} / ${r.queued}`)} |`,
    `| Long tasks (main tab) | ${cell((_, f) => `${f.longTasks.length} (longest ${f.longTasks.length ? ms(f.longTasks[0]!.duration) : '—'})`)} |`,
    `| Total blocking time, whole shift | ${cell((_, f) => ms(f.blocking.all))} |`,
    `| … without reload and second tab | ${cell((_, f) => ms(f.blocking.withoutReloadAndTabs))} |`,
    `| … the reload / the second tab / the flush | ${cell((_, f) => `${ms(f.blocking.byPhase.reload)} / ${ms(f.blocking.byPhase.tab)} / ${ms(f.blocking.byPhase.flush)}`)} |`,
    `| Interactions: p50 / p98 / max | ${cell((_, f) => `${under(f.interactions.p50)} / ${under(f.interactions.p98)} / ${under(f.interactions.max)}`)} |`,
    `| Slowest interaction in | ${cell((_, f) => (f.interactions.slowest[0] ? `"${f.interactions.slowest[0].step}"` : '—'))} |`,
    `| Second tab: long tasks, blocking | ${cell((_, f) => (f.secondTab ? `${f.secondTab.longTasks}, ${ms(f.secondTab.blockingMs)}` : '—'))} |`,
    `| Flush | ${cell((r) => (r.flushMs === null ? 'not reached' : seconds(r.flushMs)))} |`,
    `| Server checks passed | ${cell((r) => `${r.checks.filter((c) => c.ok).length}/${r.checks.length}`)} |`,
    `| Console errors/warnings (besides offline network failures) | ${cell((r) => String(consoleSummary(r.console).problems.reduce((n, p) => n + p.n, 0)))} |`,
    '',
  ];
}
