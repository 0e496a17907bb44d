/** The work-order area's home; its Home button only for full-access users (spec 2, spec 6). */
import { showsHomeButton } from '../../app/navigation';
import { HubScreen } from '../../kit/HubScreen';
import { useCurrentUser } from '../../state/hooks';

export function WorkOrderHomePage() {
  const user = useCurrentUser();
  return (
    <HubScreen
      title="Work Orders"
      links={[
        { href: '/workorder-create', label: 'Create Work Order', icon: 'pi pi-plus' },
        { href: '/workorder-list', label: 'Active Work Orders', icon: 'pi pi-list' },
        showsHomeButton(user) ? { href: '/home', label: 'Home', icon: 'pi pi-home', outlined: true } : null,
      ]}
    />
  );
}
