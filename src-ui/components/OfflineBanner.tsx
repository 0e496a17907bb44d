/** The fixed "Offline mode" banner (behaviour §2 Global elements). */
import { useT } from '../i18n/language';
import { useIsOffline } from '../state/hooks';

export function OfflineBanner() {
  const t = useT();
  if (!useIsOffline()) return null;
  return (
    <div className="offline-banner" role="status">
      <i className="pi pi-wifi" aria-hidden="true" /> {t('Offline mode')}
    </div>
  );
}
