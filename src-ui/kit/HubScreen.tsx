/** A home of buttons to an area's screens (behaviour §2: /home, /workorder-home, /inventory-home), from the navigation table. */
import { hubButtons, type HubName } from '../app/navigation';
import { LinkButton } from '../components/LinkButton';
import { useCurrentUser } from '../state/hooks';

export function HubScreen({ title, hub }: { title: string; hub: HubName }) {
  const user = useCurrentUser();
  return (
    <section>
      <h1>{title}</h1>
      <div className="button-grid">
        {hubButtons(hub, user).map((button) => (
          <LinkButton key={button.href} href={button.href} label={button.label} icon={button.icon} outlined={button.outlined} />
        ))}
      </div>
    </section>
  );
}
