/** The fixed "Offline mode" banner (behaviour §2 Global elements). */
import { useIsOffline } from '../state/hooks';

export function OfflineBanner() {
  if (!useIsOffline()) return null;
  return (
    <div className="offline-banner" role="status">
      <i className="pi pi-wifi" aria-hidden="true" /> Offline mode
    </div>
  );
}
