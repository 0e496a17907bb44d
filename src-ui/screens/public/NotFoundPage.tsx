import { LinkButton } from '../../components/LinkButton';
import { useT } from '../../i18n/language';

export function NotFoundPage() {
  const t = useT();
  return (
    <section className="page-error">
      <h1>{t('Page not found')}</h1>
      <p>{t('Oops! The page you are looking for does not exist.')}</p>
      <LinkButton href="/" label={t('Go Back')} icon="pi pi-arrow-left" />
    </section>
  );
}
