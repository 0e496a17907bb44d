/**
 * Inventory home (spec 2): assets, chemicals and parts, and Home. Vendors (who supply them) is one
 * button more than the spec lists: the spec gives vendors their routes but no screen of its own
 * leads there (/home has its four buttons), so without it they could only be opened by typing the
 * address.
 */
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
