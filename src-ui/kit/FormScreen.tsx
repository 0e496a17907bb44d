/** The frame of a create or update screen: its title, Back, and the form (or what stands in for it). */
import type { ReactNode } from 'react';
import { LinkButton } from '../components/LinkButton';

export function FormScreen({ title, back, children }: { title: string; back: string; children: ReactNode }) {
  return (
    <section className="narrow">
      <div className="page-header">
        <h1>{title}</h1>
        <LinkButton href={back} label="Back" icon="pi pi-arrow-left" outlined />
      </div>
      {children}
    </section>
  );
}
