/** A home of buttons to an area's screens (behaviour §2: /home, /workorder-home, /inventory-home), from the navigation table. */
import { Link } from 'wouter';
import { hubButtons, hubLinks, type HubName } from '../app/navigation';
import { LinkButton } from '../components/LinkButton';
import { useT } from '../i18n/language';
import { useCurrentUser } from '../state/hooks';

export function HubScreen({ title, hub }: { title: string; hub: HubName }) {
  const t = useT();
  const user = useCurrentUser();
  const links = hubLinks(hub, user);
  return (
    <section>
      <h1>{t(title)}</h1>
      <div className="button-grid">
        {hubButtons(hub, user).map((button) => (
          <LinkButton key={button.href} href={button.href} label={t(button.label)} icon={button.icon} outlined={button.outlined} />
        ))}
      </div>
      {/* Screens beyond the spec's buttons (Notifications): a plain link below them, not another button. */}
      {links.length ? (
        <ul className="hub-links">
          {links.map((link) => (
            <li key={link.href}>
              <Link href={link.href}>{t(link.label)}</Link>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
