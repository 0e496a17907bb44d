/** The work-order area's home; its Home button only for full-access users (behaviour §2, behaviour §6), from the navigation table. */
import { HubScreen } from '../../kit/HubScreen';

export function WorkOrderHomePage() {
  return <HubScreen title="Work Orders" hub="workorders" />;
}
