/**
 * Labour on a work order or a maintenance task (docs/decisions.md: What the work costs): the time
 * its technicians recorded, a timer, and time added by hand (a task's time goes to its next
 * completion). Used by both detail screens, which say who may record and delete. The timer is no ticking state: its start and stop are
 * writes carrying the device's time (sent now or queued), so it runs on through a reload, a closed
 * tab or a day offline; what shows it running is the server's entry without a stop, or a start
 * still waiting in the queue. Rates and costs show for full-access users only (the server sends
 * them to no one else).
 */
import { Button } from 'primereact/button';
import { useState } from 'react';
import { LABOUR_MAX_MINUTES, LABOUR_MESSAGES, LabourForm, type LabourAdded, type LabourEntry } from '../../shared/api/labour';
import { labourTarget, type LabourOn } from '../../shared/areas/labour';
import { NOT_FOUND_MESSAGES, SCREEN_MESSAGES, messageForScreen } from '../../shared/data/messages';
import type { MutationResult } from '../../shared/data/protocol';
import { msg, t } from '../../shared/i18n/translate';
import { formatDate, formatDateTime, formatMinutes, formatPrice, fullName, localDateToday } from '../format/display';
import { useT } from '../i18n/language';
import { ConfirmDialog, type Confirmation } from './ConfirmDialog';
import { FormDialog } from './FormDialog';
import { NumberField, TextField } from './FormFields';
import { showInvalidForm, showRefusal, startOver, useSchemaForm } from './form';
import { EntriesSection } from './EntriesSection';
import { usePendingActions } from './StatusActions';
import { callWorker } from '../state/bridge';
import { useCurrentUser, useNow, useSynced, useWorkerRead } from '../state/hooks';
import { showToast } from '../state/toasts';

/** The section's texts: English constants (said with `t` where drawn), and sentences said in the active language when called. */
export const LABOUR_TEXTS = {
  title: msg('Labour'),
  start: msg('Start Timer'),
  stop: msg('Stop Timer'),
  add: msg('Add Time'),
  running: (since: string, elapsed: string) => t('Timer running since {since} ({elapsed})', { since, elapsed }),
  total: (minutes: string, cost: string) => (cost ? t('Total: {minutes}, {cost}', { minutes, cost }) : t('Total: {minutes}', { minutes })),
  deleteHeader: msg('Delete Time'),
  /** `minutes` null: the entry is a running timer. */
  deleteText: (minutes: string | null, when: string) => (minutes === null ? t('Delete the running timer from {when}?', { when }) : t('Delete {minutes} from {when}?', { minutes, when })),
} as const;

interface AddValues {
  minutes: number | null;
  date: string;
}

/** Who may do what here, as the server decides it (labour.routes.ts). */
export interface LabourRules {
  /** Record time: a timer or time by hand. */
  mayRecord: boolean;
  /** Start a timer (not on a completed order). */
  mayStart: boolean;
  mayRemove(entry: LabourEntry, mine: boolean): boolean;
}

export function LabourSection({ on, rules, footer, onChanged }: { on: LabourOn; rules: LabourRules; footer: string | null; onChanged: () => void }) {
  const t = useT();
  const user = useCurrentUser();
  const full = Boolean(user?.full_feature_access);
  const target = labourTarget(on);
  const entries = useWorkerRead(`labour|${target}`, (worker) => worker.labour.list(on));
  const pending = usePendingActions('labour', target);
  useSynced('labour', target, () => void entries.reload());
  useSynced(on.kind === 'order' ? 'workorders' : 'maintenance', String(on.id), () => void entries.reload());
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Confirmation<null> | null>(null);
  const [busy, setBusy] = useState(false);

  const list = entries.result?.data ?? [];
  const mine = (entry: LabourEntry) => entry.user.id === user?.id;
  // A stop waiting to be sent ends the timer; a start waiting runs it from when it was made.
  const queuedStop = pending.some((p) => p.action === 'stop');
  const queuedStart = [...pending].reverse().find((p) => p.action === 'start');
  const serverTimer = list.find((e) => e.stopped_at === null && mine(e));
  const runningSince = queuedStop ? null : (queuedStart?.createdAt ?? serverTimer?.started_at ?? null);
  const now = useNow(runningSince !== null, 30_000);

  const { mayRecord } = rules;
  const mayRemove = (entry: LabourEntry) => rules.mayRemove(entry, mine(entry));

  const removal = (entry: LabourEntry): Confirmation<null> => ({
    header: LABOUR_TEXTS.deleteHeader,
    question: LABOUR_TEXTS.deleteText(entry.minutes === null ? null : formatMinutes(entry.minutes), entry.date ? formatDate(entry.date) : formatDateTime(entry.started_at)),
    confirm: msg('Delete'),
    danger: true,
    failure: SCREEN_MESSAGES.labour.remove,
    send: (worker) => worker.labour.remove(on, entry.id),
  });
  const changed = () => {
    void entries.reload();
    onChanged();
  };

  const done = (result: MutationResult<unknown>) => {
    showToast({ severity: result.status === 'done' ? 'success' : 'info', detail: result.message });
    void entries.reload();
    onChanged();
  };
  const send = async (call: () => Promise<MutationResult<unknown>>, failure: string) => {
    setBusy(true);
    try {
      const result = await call();
      done(result);
      // Starting here stopped a timer elsewhere: the server says where.
      const answer = result.status === 'done' ? (result.data as LabourAdded | null) : null;
      if (answer?.stopped_timer_on) showToast({ severity: 'info', detail: LABOUR_MESSAGES.stoppedOther(answer.stopped_timer_on) });
      if (answer?.stopped_timer_on_task) showToast({ severity: 'info', detail: LABOUR_MESSAGES.stoppedOtherTask(answer.stopped_timer_on_task) });
    } catch (err) {
      showToast({ severity: 'error', detail: messageForScreen(err, t(failure)) });
      void entries.reload();
    } finally {
      setBusy(false);
    }
  };

  return (
    <EntriesSection
      id={`labour-${target}`}
      className="labour-section"
      texts={{ title: LABOUR_TEXTS.title, loading: msg('Loading the time...'), empty: NOT_FOUND_MESSAGES.labour.list, failure: SCREEN_MESSAGES.labour.load }}
      entries={entries.result?.data}
      error={entries.error}
      pending={pending.length > 0}
      entryClass="labour-entry"
      entry={(entry) => (
        <>
          <span>
            {entry.date ? formatDate(entry.date) : formatDateTime(entry.started_at)} · {fullName(entry.user)} · {entry.minutes === null ? t('running') : formatMinutes(entry.minutes)}
            {full && entry.cost !== null ? ` · ${formatPrice(entry.cost)}` : ''}
          </span>
          {mayRemove(entry) ? <Button type="button" label={t('Delete')} icon="pi pi-trash" text size="small" severity="danger" aria-label={t('Delete the time of {time}', { time: formatDateTime(entry.started_at) })} onClick={() => setRemoving(removal(entry))} disabled={busy} /> : null}
        </>
      )}
      actions={
        mayRecord ? (
          <>
            {runningSince ? (
              <Button type="button" label={t(LABOUR_TEXTS.stop)} icon="pi pi-stop-circle" severity="warning" size="small" disabled={busy} onClick={() => void send(() => callWorker((w) => w.labour.stop(on)), SCREEN_MESSAGES.labour.stop)} />
            ) : (
              <Button type="button" label={t(LABOUR_TEXTS.start)} icon="pi pi-play" size="small" disabled={busy || !rules.mayStart} onClick={() => void send(() => callWorker((w) => w.labour.start(on)), SCREEN_MESSAGES.labour.start)} />
            )}
            <Button type="button" label={t(LABOUR_TEXTS.add)} icon="pi pi-plus" outlined size="small" disabled={busy} onClick={() => setAdding(true)} />
          </>
        ) : null
      }
      footer={footer}
    >
      {runningSince ? (
        <p className="labour-running" role="status">
          {LABOUR_TEXTS.running(formatDateTime(runningSince), formatMinutes((now - Date.parse(runningSince)) / 60_000))}
        </p>
      ) : null}
      <AddTimeDialog on={on} open={adding} onClose={() => setAdding(false)} onDone={done} />
      <ConfirmDialog open={removing} onClose={() => setRemoving(null)} onDone={changed} onRefused={changed} />
    </EntriesSection>
  );
}

function AddTimeDialog({ on, open, onClose, onDone }: { on: LabourOn; open: boolean; onClose: () => void; onDone: (result: MutationResult<unknown>) => void }) {
  const t = useT();
  const empty = { minutes: null, date: localDateToday() };
  const form = useSchemaForm<AddValues>(LabourForm, empty, (v) => ({ minutes: v.minutes, date: v.date }));
  const close = () => {
    startOver(form, { minutes: null, date: localDateToday() });
    onClose();
  };
  const submit = form.handleSubmit(async ({ minutes, date }) => {
    try {
      const result = await callWorker((worker) => worker.labour.add(on, { minutes: minutes ?? 0, date }));
      onDone(result);
      close();
    } catch (err) {
      showRefusal(form, err, SCREEN_MESSAGES.labour.add);
    }
  }, showInvalidForm);
  return (
    <FormDialog header={LABOUR_TEXTS.add} visible={open} busy={form.formState.isSubmitting} submitLabel={LABOUR_TEXTS.add} width="24rem" onClose={close} onSubmit={submit}>
      <NumberField control={form.control} name="minutes" id="labour-minutes" label={t('Minutes')} min={1} max={LABOUR_MAX_MINUTES} step={1} required />
      <TextField control={form.control} name="date" id="labour-date" label={t('Date')} type="date" required />
    </FormDialog>
  );
}
