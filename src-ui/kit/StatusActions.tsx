/**
 * Claim / Unclaim / Complete for a record with a claim (work orders, maintenance tasks): the buttons
 * with their enable rules (status-rules.ts), the confirm dialogs with optional Field Notes, the
 * toasts (success, queued info, or the screen's fallback; behaviour §8: 403 and 404 not notified), and the
 * "Pending sync" list of the record's queued actions with their status and retry time. A screen may
 * add to the Confirm Complete dialog (a task's procedure steps, above the Field Notes) with `completion`.
 */
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputTextarea } from 'primereact/inputtextarea';
import { useState, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import type { StatusAction, StatusCalls } from '../../shared/areas/claims';
import type { AreaCalls, AreaName } from '../../shared/areas/registry';
import { messageForScreen } from '../../shared/data/messages';
import type { MutationResult, QueueItemView } from '../../shared/data/protocol';
import { msg } from '../../shared/i18n/translate';
import { queueItemTitle, queueStatusText } from '../format/queue';
import { useT } from '../i18n/language';
import { callWorker, type WorkerRemote } from '../state/bridge';
import { toDataError } from '../state/errors';
import { useCurrentUser, useNow } from '../state/hooks';
import { store } from '../state/store';
import { showToast } from '../state/toasts';
import { claimButton, completeButton, pendingActionsFor, type ClaimableRecord } from './status-rules';

/** The areas whose records have Claim / Unclaim / Complete (their WorkerCalls groups have the three calls). */
type ClaimableArea = { [K in AreaName]: AreaCalls[K] extends StatusCalls ? K : never }[AreaName];

interface DialogText {
  header: string;
  question: string;
  confirm: string;
}

/** The confirm dialogs, worded for one record of the area (English, said with `t` where drawn). */
const DIALOGS: Record<ClaimableArea, Record<StatusAction, DialogText>> = {
  workorders: {
    claim: { header: msg('Confirm Claim'), question: msg('Claim this work order? It will be assigned to you.'), confirm: msg('Claim') },
    unclaim: { header: msg('Confirm Unclaim'), question: msg('Unclaim this work order? Anyone can then claim it.'), confirm: msg('Unclaim') },
    complete: { header: msg('Confirm Complete'), question: msg('Mark this work order as completed?'), confirm: msg('Complete') },
  },
  maintenance: {
    claim: { header: msg('Confirm Claim'), question: msg('Claim this task? It will be assigned to you.'), confirm: msg('Claim') },
    unclaim: { header: msg('Confirm Unclaim'), question: msg('Unclaim this task? Anyone can then claim it.'), confirm: msg('Unclaim') },
    complete: { header: msg('Confirm Complete'), question: msg('Mark this task as completed?'), confirm: msg('Complete') },
  },
};

export function PendingSync({ items }: { items: readonly QueueItemView[] }) {
  const t = useT();
  const now = useNow(items.some((i) => i.status === 'retrying'));
  return (
    <section className="pending-sync" aria-labelledby="pending-sync-title">
      <h2 id="pending-sync-title">{t('Pending sync')}</h2>
      <ul>
        {items.map((item) => (
          <li key={item.id}>
            {queueItemTitle(item)}: {queueStatusText(item, now)}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A list card's mark for a record shown as the user's queued writes will leave it. */
export function PendingSyncTag() {
  const t = useT();
  return (
    <span className="pending-sync-tag">
      <i className="pi pi-sync" aria-hidden="true" />
      {t('Pending sync')}
    </span>
  );
}

/** The record's queued actions that still wait (shown in the Pending sync list, and disabling their buttons). */
export function usePendingActions(area: AreaName, recordId: number | string): QueueItemView[] {
  const snap = useSnapshot(store);
  return pendingActionsFor(snap.queue.items as QueueItemView[], area, recordId);
}

/**
 * What a screen adds to its Confirm Complete dialog: fields drawn above the Field Notes, their own
 * check before sending (false keeps the dialog open with the problems shown), and the call that
 * completes the record with them.
 */
export interface CompletionExtension<T> {
  fields: ReactNode;
  check(): boolean;
  complete(worker: WorkerRemote, id: number, fieldNotes: string): Promise<MutationResult<T>>;
  /** A refusal the fields show themselves (a field error of theirs): true keeps the dialog open. */
  refused?(err: unknown): boolean;
  /** The dialog closed after a send (or a refusal): what was answered starts over. */
  reset(): void;
}

export function StatusActions<T>({
  area,
  record,
  failures,
  onDone,
  onRefused,
  completion,
}: {
  area: ClaimableArea;
  record: ClaimableRecord;
  /** The screen's fallback per action when the server refuses without a text of its own (behaviour §8). */
  failures: Record<StatusAction, string>;
  /** The write went through or was queued (`result` says which); the server's answer is in it when done. */
  onDone: (action: StatusAction, result: MutationResult<T>) => void;
  /** The server refused it: the screen reads the record again to show what is left of it. */
  onRefused: () => void;
  completion?: CompletionExtension<T> | undefined;
}) {
  const t = useT();
  const user = useCurrentUser();
  const pending = usePendingActions(area, record.id);
  const [dialog, setDialog] = useState<StatusAction | null>(null);
  const [fieldNotes, setFieldNotes] = useState('');
  const [sending, setSending] = useState(false);

  // Behaviour §6: the buttons are for full-access users; the server refuses the calls to anyone else.
  const canAct = Boolean(user?.full_feature_access);
  const complete = user ? completeButton(record, user.id, pending) : null;
  const claim = user ? claimButton(record, user.id, pending) : null;

  const run = async (action: StatusAction) => {
    const extended = action === 'complete' ? completion : undefined;
    if (extended && !extended.check()) return;
    setSending(true);
    try {
      // As typed: the worker applies the optional-text rule where it stores the write.
      const result = (await callWorker((worker) => {
        if (extended) return extended.complete(worker, record.id, fieldNotes);
        const group: StatusCalls = worker[area];
        return action === 'complete' ? group.complete(record.id, fieldNotes) : group[action](record.id);
      })) as MutationResult<T>;
      setDialog(null);
      setFieldNotes('');
      extended?.reset();
      showToast({ severity: result.status === 'done' ? 'success' : 'info', detail: result.message });
      onDone(action, result);
    } catch (err) {
      if (extended?.refused?.(err)) return;
      setDialog(null);
      if (toDataError(err).shouldNotify) showToast({ severity: 'error', detail: messageForScreen(err, t(failures[action])) });
      onRefused();
    } finally {
      setSending(false);
    }
  };

  const open = dialog ? DIALOGS[area][dialog] : null;
  const notesId = `${area}-field-notes`;

  return (
    <>
      {canAct && complete && claim ? (
        <div className="button-row">
          <Button type="button" label={t(complete.label)} icon="pi pi-check" severity="success" disabled={complete.disabled || sending} onClick={() => setDialog('complete')} />
          <Button type="button" label={t(claim.label)} icon={claim.action === 'claim' ? 'pi pi-user-plus' : 'pi pi-user-minus'} disabled={claim.disabled || sending} onClick={() => setDialog(claim.action)} />
        </div>
      ) : null}
      {pending.length ? <PendingSync items={pending} /> : null}
      <Dialog
        header={open ? t(open.header) : undefined}
        visible={dialog !== null}
        onHide={() => !sending && setDialog(null)}
        style={{ width: 'min(30rem, calc(100vw - 2rem))' }}
        footer={
          <div>
            <Button type="button" label={t('Cancel')} text onClick={() => setDialog(null)} disabled={sending} />
            <Button type="button" label={sending ? t('Submitting...') : open ? t(open.confirm) : ''} onClick={() => dialog && void run(dialog)} disabled={sending} autoFocus />
          </div>
        }
      >
        <p>{open ? t(open.question) : null}</p>
        {dialog === 'complete' ? completion?.fields : null}
        {dialog === 'complete' ? (
          <div className="field">
            <label htmlFor={notesId}>{t('Field Notes')}</label>
            <InputTextarea id={notesId} rows={4} value={fieldNotes} onChange={(e) => setFieldNotes(e.target.value)} placeholder={t('Optional')} />
          </div>
        ) : null}
      </Dialog>
    </>
  );
}
