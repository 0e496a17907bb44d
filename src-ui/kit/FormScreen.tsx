/** The frame of a create or update screen: its title, Back, and the form (or what stands in for it). */
import type { ReactNode } from 'react';
import { LinkButton } from '../components/LinkButton';
import { useT } from '../i18n/language';

export function FormScreen({ title, back, children }: { title: string; back: string; children: ReactNode }) {
  const t = useT();
  return (
    <section className="narrow">
      <div className="page-header">
        <h1>{t(title)}</h1>
        <LinkButton href={back} label={t('Back')} icon="pi pi-arrow-left" outlined />
      </div>
      {children}
    </section>
  );
}
