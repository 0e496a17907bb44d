/** The work-order area's home; its Home button only for full-access users (behaviour §2, behaviour §6), from the navigation table. */
import { msg } from '../../../shared/i18n/translate';
import { HubScreen } from '../../kit/HubScreen';

export function WorkOrderHomePage() {
  return <HubScreen title={msg('Work Orders')} hub="workorders" />;
}
