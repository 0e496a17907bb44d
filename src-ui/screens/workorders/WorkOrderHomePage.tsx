/** The work-order area's home; its Home button only for full-access users (spec 2, spec 6). */
import { showsHomeButton } from '../../app/navigation';
import { LinkButton } from '../../components/LinkButton';
import { useCurrentUser } from '../../state/hooks';

export function WorkOrderHomePage() {
  const user = useCurrentUser();
  return (
    <section>
      <h1>Work Orders</h1>
      <div className="button-grid">
        <LinkButton href="/workorder-create" label="Create Work Order" icon="pi pi-plus" />
        <LinkButton href="/workorder-list" label="Active Work Orders" icon="pi pi-list" />
        {showsHomeButton(user) ? <LinkButton href="/home" label="Home" icon="pi pi-home" outlined /> : null}
      </div>
    </section>
  );
}
