/** The work-order area's home; its Home button only for full-access users (spec 2, spec 6), from the navigation table. */
import { HubScreen } from '../../kit/HubScreen';

export function WorkOrderHomePage() {
  return <HubScreen title="Work Orders" hub="workorders" />;
}
