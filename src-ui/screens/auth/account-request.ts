/**
 * The one request of an account screen (activate, register, reset and confirm reset): sent through
 * the worker, then the success toast and on to the next page, or the refusal in the auth words of
 * spec 8 (the server's text, else the general one) after the screen has put its field errors in place.
 */
import { useState } from 'react';
import { useLocation } from 'wouter';
import { ERROR_MESSAGES, authFailureMessage } from '../../../shared/data/messages';
import { callWorker, type WorkerRemote } from '../../state/bridge';
import { showToast } from '../../state/toasts';

export function useAccountRequest() {
  const [, navigate] = useLocation();
  const [sending, setSending] = useState(false);

  const send = async (call: (api: WorkerRemote) => Promise<unknown>, done: { success: string; to: string }, refused?: (err: unknown) => void) => {
    setSending(true);
    try {
      await callWorker(call);
      showToast({ severity: 'success', detail: done.success });
      navigate(done.to);
    } catch (err) {
      refused?.(err);
      showToast({ severity: 'error', detail: authFailureMessage(err, ERROR_MESSAGES.default, false) });
    } finally {
      setSending(false);
    }
  };

  return { sending, send };
}
