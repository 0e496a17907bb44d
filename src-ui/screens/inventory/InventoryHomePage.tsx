/** Inventory home (spec 2): the inventory areas, vendors (who supply them) and Home. */
import { LinkButton } from '../../components/LinkButton';

export function InventoryHomePage() {
  return (
    <section>
      <h1>Inventory</h1>
      <div className="button-grid">
        <LinkButton href="/part-list" label="Parts" icon="pi pi-cog" />
        <LinkButton href="/vendor-list" label="Vendors" icon="pi pi-truck" />
        <LinkButton href="/home" label="Home" icon="pi pi-home" outlined />
      </div>
    </section>
  );
}
