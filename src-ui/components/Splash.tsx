/** The start-up splash: logo, product name and version for 2 s (behaviour §2, behaviour §9). */
import { useEffect, useState } from 'react';
import { APP_VERSION, PRODUCT_NAME, SPLASH_MS } from '../../shared/constants';
import { useT } from '../i18n/language';

export function useSplash(): boolean {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(false), SPLASH_MS);
    return () => clearTimeout(timer);
  }, []);
  return visible;
}

export function Splash() {
  const t = useT();
  return (
    <div className="splash" data-testid="splash">
      <img src="/icons/icon.svg" alt="" width={96} height={96} />
      <div className="splash-name">{PRODUCT_NAME}</div>
      <div className="splash-version">{t('Version {version}', { version: APP_VERSION })}</div>
    </div>
  );
}
