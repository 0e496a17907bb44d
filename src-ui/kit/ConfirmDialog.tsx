/**
 * A change that is confirmed in a dialog and answered with a toast (the administration's changes):
 * the question, Cancel and the confirm button, the worker call, then the success toast with the
 * worker's message, or the refusal as the server words it (the screen's fallback when it has no
 * text; behaviour §8: 403 and 404 not notified). `sendAndTell` is the same without the dialog.
 */
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useState, type ReactNode } from 'react';
import { messageForScreen } from '../../shared/data/messages';
import type { MutationResult } from '../../shared/data/protocol';
import { t } from '../../shared/i18n/translate';
import { useT } from '../i18n/language';
import { callWorker, type WorkerRemote } from '../state/bridge';
import { toDataError } from '../state/errors';
import { showToast } from '../state/toasts';

/**
 * Its texts are English (the catalogue's ids) and said here in the active language; a question with
 * values (or markup) comes already said by the screen.
 */
export interface Confirmation<Answer> {
  header: string;
  question: ReactNode;
  /** The confirm button's label, e.g. "Deactivate". */
  confirm: string;
  /** A change that takes something away (deactivate, revoke) gets the danger colour. */
  danger?: boolean;
  /** The screen's fallback when the refusal has no text of its own. */
  failure: string;
  send: (worker: WorkerRemote) => Promise<MutationResult<Answer>>;
}

/** Sends a change now and says how it went; resolves with the answer, or null when it was refused. */
export async function sendAndTell<Answer>(send: (worker: WorkerRemote) => Promise<MutationResult<Answer>>, failure: string): Promise<Answer | null> {
  try {
    const result = await callWorker(send);
    showToast({ severity: result.status === 'done' ? 'success' : 'info', detail: result.message });
    return result.status === 'done' ? result.data : null;
  } catch (err) {
    if (toDataError(err).shouldNotify) showToast({ severity: 'error', detail: messageForScreen(err, t(failure)) });
    return null;
  }
}

export function ConfirmDialog<Answer>({
  open,
  onClose,
  onDone,
  onRefused,
}: {
  /** The change asked for, or null when no dialog is open. */
  open: Confirmation<Answer> | null;
  onClose: () => void;
  /** The server's answer, to show in place of what the screen had. */
  onDone: (answer: Answer) => void;
  /** The server refused it: what the screen shows may be out of date. */
  onRefused?: () => void;
}) {
  const t = useT();
  const [sending, setSending] = useState(false);

  const run = async (change: Confirmation<Answer>) => {
    setSending(true);
    const answer = await sendAndTell(change.send, change.failure);
    setSending(false);
    onClose();
    if (answer === null) onRefused?.();
    else onDone(answer);
  };

  return (
    <Dialog
      header={open ? t(open.header) : undefined}
      visible={open !== null}
      onHide={() => !sending && onClose()}
      style={{ width: 'min(30rem, calc(100vw - 2rem))' }}
      footer={
        <div>
          <Button type="button" label={t('Cancel')} text onClick={onClose} disabled={sending} />
          <Button
            type="button"
            label={sending ? t('Submitting...') : open ? t(open.confirm) : ''}
            severity={open?.danger ? 'danger' : undefined}
            onClick={() => open && void run(open)}
            disabled={sending}
            autoFocus
          />
        </div>
      }
    >
      <p>{typeof open?.question === 'string' ? t(open.question) : open?.question}</p>
    </Dialog>
  );
}
