/**
 * "Update available" (dismissible, "Reload now") and "Update required" (no close button; the worker
 * reloads the tabs after 15 s) from the worker's version check or a waiting service worker.
 */
import { Button } from 'primereact/button';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { useT } from '../i18n/language';
import { applyServiceWorkerUpdate, serviceWorkerState } from '../sw/registration';
import { store } from '../state/store';

export function UpdatePrompt() {
  const t = useT();
  const { version } = useSnapshot(store);
  const { updateWaiting } = useSnapshot(serviceWorkerState);
  const [dismissed, setDismissed] = useState(false);
  const [reloading, setReloading] = useState(false);

  const forced = version.forced;
  if (!forced && (dismissed || !(version.updateAvailable || updateWaiting))) return null;

  const reload = () => {
    setReloading(true);
    void applyServiceWorkerUpdate();
  };

  return (
    <div className="update-prompt" role="alert">
      <strong>{forced ? t('Update required') : t('Update available')}</strong>
      {version.message ? <span>{t(version.message)}</span> : null}
      <div className="update-prompt-actions">
        {forced ? null : <Button type="button" label={t('Close')} size="small" text onClick={() => setDismissed(true)} />}
        <Button type="button" label={t('Reload now')} icon="pi pi-refresh" size="small" loading={reloading} onClick={reload} />
      </div>
    </div>
  );
}
