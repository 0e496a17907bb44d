/** Account activation from the mailed link: one button; success → /login. */
import { Button } from 'primereact/button';
import { SUCCESS_MESSAGES } from '../../../shared/data/messages';
import { useT } from '../../i18n/language';
import { useAccountRequest } from './account-request';

export function ActivatePage({ params }: { params: { uid?: string; token?: string } }) {
  const t = useT();
  const { sending, send } = useAccountRequest();
  const activate = () => send((worker) => worker.session.activate(params.uid ?? '', params.token ?? ''), { success: SUCCESS_MESSAGES.account.activated, to: '/login' });

  return (
    <section className="narrow panel">
      <h1>{t('Activate Account')}</h1>
      <p>{t('Activate your account to sign in.')}</p>
      <Button type="button" label={sending ? t('Activating...') : t('Activate Account')} icon="pi pi-check" disabled={sending} onClick={() => void activate()} />
    </section>
  );
}
