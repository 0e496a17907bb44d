/**
 * English / Español, in the top bar of every screen (docs/i18n.md). The choice applies at once on
 * this device; a signed-in user's is also saved on their account (queued when offline), so it
 * follows them to another device. Each language is named in itself.
 */
import { useSnapshot } from 'valtio';
import { LANGUAGES, LANGUAGE_NAMES, isLanguage, type Language } from '../../shared/i18n/languages';
import { applyLanguage, useLanguage, useT } from '../i18n/language';
import { callWorker } from '../state/bridge';
import { store } from '../state/store';

export function LanguageChooser() {
  const t = useT();
  const language = useLanguage();
  const signedIn = useSnapshot(store).session.status === 'signed-in';

  const choose = (value: Language) => {
    void applyLanguage(value);
    // Saved on the account through the outbox: sent now, or once the connection is back.
    if (signedIn) void callWorker((worker) => worker.session.saveLanguage(value)).catch(() => undefined);
  };

  return (
    <label className="language-chooser">
      <span className="pi pi-globe" aria-hidden="true" />
      <span className="visually-hidden">{t('Language')}</span>
      <select value={language} onChange={(event) => isLanguage(event.target.value) && choose(event.target.value)}>
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </label>
  );
}
