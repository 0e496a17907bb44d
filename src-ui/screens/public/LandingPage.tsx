import { PRODUCT_NAME } from '../../../shared/constants';
import { LinkButton } from '../../components/LinkButton';
import { useT } from '../../i18n/language';
import { useCurrentUser } from '../../state/hooks';
import { homeFor } from '../../app/navigation';

export function LandingPage() {
  const t = useT();
  const user = useCurrentUser();
  return (
    <section className="landing">
      <h1>{PRODUCT_NAME}</h1>
      <p>
        {t(
          'Welcome. Keep track of work orders, preventative maintenance, assets, chemicals, parts, locations and vendors, in the office or out on site, even without a connection.',
        )}
      </p>
      {user ? (
        <LinkButton href={homeFor(user)} label={t('Home')} icon="pi pi-home" />
      ) : (
        <LinkButton href="/login" label={t('Login')} icon="pi pi-sign-in" />
      )}
    </section>
  );
}
