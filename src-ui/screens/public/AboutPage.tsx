import { PRODUCT_NAME } from '../../../shared/constants';
import { useT } from '../../i18n/language';

export function AboutPage() {
  const t = useT();
  return (
    <section className="narrow">
      <h1>{t('About')}</h1>
      <p>{t('{product} helps maintenance teams look after their sites.', { product: PRODUCT_NAME })}</p>
      <ul>
        <li>
          <strong>{t('Asset management:')}</strong> {t('keep every asset, chemical and part with its location, type and serial number.')}
        </li>
        <li>
          <strong>{t('Location management:')}</strong> {t('record each site with its address and system identifiers.')}
        </li>
        <li>
          <strong>{t('Maintenance scheduling:')}</strong> {t('plan recurring preventative maintenance, see what is due, and claim and complete work orders.')}
        </li>
        <li>
          <strong>{t('Responsive interface:')}</strong>{' '}
          {t('works on phones, tablets and desktops, and keeps working offline, sending your actions when the connection returns.')}
        </li>
      </ul>
    </section>
  );
}
