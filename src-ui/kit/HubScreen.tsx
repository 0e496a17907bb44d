/** A home of buttons to an area's screens (spec 2: /home, /workorder-home, /inventory-home). */
import { LinkButton } from '../components/LinkButton';

export interface HubLink {
  href: string;
  label: string;
  icon: string;
  /** A way back (Home) rather than into the area. */
  outlined?: boolean;
}

export function HubScreen({ title, links }: { title: string; links: readonly (HubLink | null)[] }) {
  return (
    <section>
      <h1>{title}</h1>
      <div className="button-grid">
        {links.map((link) => (link ? <LinkButton key={link.href} href={link.href} label={link.label} icon={link.icon} outlined={link.outlined} /> : null))}
      </div>
    </section>
  );
}
