/** A screen (or the session) is still loading. */
import { ProgressSpinner } from 'primereact/progressspinner';
import { useT } from '../i18n/language';

export function Loading() {
  const t = useT();
  return (
    <div className="page-error" role="status" aria-label={t('Loading')}>
      <ProgressSpinner aria-hidden="true" />
    </div>
  );
}
