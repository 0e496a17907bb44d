/** Inventory home (spec 2): the inventory areas, vendors (who supply them) and Home. */
import { HubScreen } from '../../kit/HubScreen';

export function InventoryHomePage() {
  return (
    <HubScreen
      title="Inventory"
      links={[
        { href: '/asset-list', label: 'Assets', icon: 'pi pi-box' },
        { href: '/chemical-list', label: 'Chemicals', icon: 'pi pi-filter' },
        { href: '/part-list', label: 'Parts', icon: 'pi pi-cog' },
        { href: '/vendor-list', label: 'Vendors', icon: 'pi pi-truck' },
        { href: '/home', label: 'Home', icon: 'pi pi-home', outlined: true },
      ]}
    />
  );
}
