/** A list or detail that failed with nothing to show: the message and Retry (disabled offline). */
import { Button } from 'primereact/button';
import { useT } from '../i18n/language';
import { useIsOffline } from '../state/hooks';

export function PageError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const t = useT();
  const offline = useIsOffline();
  return (
    <div className="page-error" role="alert">
      <p>{t(message)}</p>
      <Button label={t('Retry')} icon="pi pi-refresh" onClick={onRetry} disabled={offline} />
    </div>
  );
}
