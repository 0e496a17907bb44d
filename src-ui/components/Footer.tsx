import { APP_VERSION, PRODUCT_NAME } from '../../shared/constants';
import { useT } from '../i18n/language';

export function Footer() {
  const t = useT();
  return (
    <footer className="app-footer">
      © {new Date().getFullYear()} {PRODUCT_NAME} · {t('Version {version}', { version: APP_VERSION })}
    </footer>
  );
}
