/** Shown while the worker has requests in flight that asked for it (DataState.busy). */
import { ProgressSpinner } from 'primereact/progressspinner';
import { useSnapshot } from 'valtio';
import { useT } from '../i18n/language';
import { store } from '../state/store';

export function GlobalSpinner() {
  const t = useT();
  const busy = useSnapshot(store).busy > 0;
  if (!busy) return null;
  return (
    <div className="global-spinner" role="status" aria-label={t('Loading')}>
      <ProgressSpinner style={{ width: '2rem', height: '2rem' }} strokeWidth="6" aria-hidden="true" />
    </div>
  );
}
