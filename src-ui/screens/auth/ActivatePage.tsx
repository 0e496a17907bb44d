/** Account activation from the mailed link: one button; success → /login. */
import { Button } from 'primereact/button';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { ERROR_MESSAGES, SUCCESS_MESSAGES, authFailureMessage } from '../../../shared/data/messages';
import { callWorker } from '../../state/bridge';
import { showToast } from '../../state/toasts';

export function ActivatePage({ params }: { params: { uid?: string; token?: string } }) {
  const [, navigate] = useLocation();
  const [sending, setSending] = useState(false);

  const activate = async () => {
    setSending(true);
    try {
      await callWorker((api) => api.session.activate(params.uid ?? '', params.token ?? ''));
      showToast({ severity: 'success', detail: SUCCESS_MESSAGES.accountActivated });
      navigate('/login');
    } catch (err) {
      showToast({ severity: 'error', detail: authFailureMessage(err, ERROR_MESSAGES.default, false) });
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="narrow panel">
      <h1>Activate Account</h1>
      <p>Activate your account to sign in.</p>
      <Button type="button" label={sending ? 'Activating...' : 'Activate Account'} icon="pi pi-check" disabled={sending} onClick={() => void activate()} />
    </section>
  );
}
