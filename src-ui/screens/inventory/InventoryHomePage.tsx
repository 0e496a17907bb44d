/** Inventory home (behaviour §2): assets, chemicals, parts and vendors, and Home; its buttons are in the navigation table. */
import { msg } from '../../../shared/i18n/translate';
import { HubScreen } from '../../kit/HubScreen';

export function InventoryHomePage() {
  return <HubScreen title={msg('Inventory')} hub="inventory" />;
}
