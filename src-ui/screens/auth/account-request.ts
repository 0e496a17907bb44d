/**
 * The one request of an account screen (activate, register, reset and confirm reset): sent through
 * the worker, then the success toast and on to the next page, or the refusal in the auth words of
 * behaviour §8 (the server's text, else the general one) after the screen has put its field errors in place.
 */
import { useState } from 'react';
import { useLocation } from 'wouter';
import { ERROR_MESSAGES, authFailureMessage } from '../../../shared/data/messages';
import { t } from '../../../shared/i18n/translate';
import { callWorker, type WorkerRemote } from '../../state/bridge';
import { showToast } from '../../state/toasts';

export function useAccountRequest() {
  const [, navigate] = useLocation();
  const [sending, setSending] = useState(false);

  /**
   * `done.clear` empties the screen's fields before it leaves: the screen can outlive the move (a
   * Back pressed before the next screen is drawn), and must not offer what was sent, passwords above all.
   */
  const send = async (call: (worker: WorkerRemote) => Promise<unknown>, done: { success: string; to: string; clear?: () => void }, refused?: (err: unknown) => void) => {
    setSending(true);
    try {
      await callWorker(call);
      showToast({ severity: 'success', detail: t(done.success) });
      done.clear?.();
      navigate(done.to);
    } catch (err) {
      refused?.(err);
      showToast({ severity: 'error', detail: t(authFailureMessage(err, ERROR_MESSAGES.default, false)) });
    } finally {
      setSending(false);
    }
  };

  return { sending, send };
}
