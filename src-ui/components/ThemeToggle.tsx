/** Dark/light switch; its label names the theme in use ("Dark Theme" / "Light Theme"). */
import { useSnapshot } from 'valtio';
import { useT } from '../i18n/language';
import { applyTheme, themeState } from '../theme/theme';

export function ThemeToggle() {
  const t = useT();
  const { theme } = useSnapshot(themeState);
  const dark = theme === 'dark';
  return (
    <button type="button" role="switch" aria-checked={dark} className="theme-toggle" onClick={() => void applyTheme(dark ? 'light' : 'dark')}>
      <span className="theme-toggle-track" aria-hidden="true">
        <span className="theme-toggle-thumb" />
      </span>
      <span className="theme-toggle-label">{dark ? t('Dark Theme') : t('Light Theme')}</span>
    </button>
  );
}
