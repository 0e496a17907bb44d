/** Home for full-access users (spec 2). */
import { HubScreen } from '../../kit/HubScreen';

export function HomePage() {
  return (
    <HubScreen
      title="Home"
      links={[
        { href: '/inventory-home', label: 'Inventory', icon: 'pi pi-box' },
        { href: '/location-list', label: 'Locations', icon: 'pi pi-map-marker' },
        { href: '/maintenance-list', label: 'Preventative Maintenance', icon: 'pi pi-calendar' },
        { href: '/workorder-home', label: 'Work Orders', icon: 'pi pi-wrench' },
      ]}
    />
  );
}
