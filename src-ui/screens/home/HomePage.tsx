/** Home for full-access users (spec 2). */
import { LinkButton } from '../../components/LinkButton';

export function HomePage() {
  return (
    <section>
      <h1>Home</h1>
      <div className="button-grid">
        <LinkButton href="/inventory-home" label="Inventory" icon="pi pi-box" />
        <LinkButton href="/location-list" label="Locations" icon="pi pi-map-marker" />
        <LinkButton href="/maintenance-list" label="Preventative Maintenance" icon="pi pi-calendar" />
        <LinkButton href="/workorder-home" label="Work Orders" icon="pi pi-wrench" />
      </div>
    </section>
  );
}
