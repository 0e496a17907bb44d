/** Account activation from the mailed link: one button; success → /login. */
import { Button } from 'primereact/button';
import { SUCCESS_MESSAGES } from '../../../shared/data/messages';
import { useAccountRequest } from './account-request';

export function ActivatePage({ params }: { params: { uid?: string; token?: string } }) {
  const { sending, send } = useAccountRequest();
  const activate = () => send((worker) => worker.session.activate(params.uid ?? '', params.token ?? ''), { success: SUCCESS_MESSAGES.account.activated, to: '/login' });

  return (
    <section className="narrow panel">
      <h1>Activate Account</h1>
      <p>Activate your account to sign in.</p>
      <Button type="button" label={sending ? 'Activating...' : 'Activate Account'} icon="pi pi-check" disabled={sending} onClick={() => void activate()} />
    </section>
  );
}
