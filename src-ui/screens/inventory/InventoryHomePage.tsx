/** Inventory home (behaviour §2): assets, chemicals, parts and vendors, and Home; its buttons are in the navigation table. */
import { HubScreen } from '../../kit/HubScreen';

export function InventoryHomePage() {
  return <HubScreen title="Inventory" hub="inventory" />;
}
