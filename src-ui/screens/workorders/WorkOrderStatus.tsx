/** Work order status with its colour and icon (behaviour §4): Pending red !, Claimed cyan spinner, Completed green check. */
import type { WorkOrderStatus as Status } from '../../../shared/constants';
import { tc } from '../../../shared/i18n/translate';
import { useT } from '../../i18n/language';

const ICONS: Record<Status, string> = {
  Pending: 'pi pi-exclamation-circle',
  Claimed: 'pi pi-spinner',
  Completed: 'pi pi-check-circle',
};

/** The status as drawn, in the reader's language ("status" context: "Completed" the state, not a verb). */
function statusLabel(status: Status): string {
  switch (status) {
    case 'Pending':
      return tc('status', 'Pending');
    case 'Claimed':
      return tc('status', 'Claimed');
    case 'Completed':
      return tc('status', 'Completed');
    default:
      return status;
  }
}

export function WorkOrderStatus({ status }: { status: Status }) {
  useT();
  return (
    <span className={`wo-status wo-status-${status.toLowerCase()}`}>
      <i className={ICONS[status]} aria-hidden="true" />
      {statusLabel(status)}
    </span>
  );
}
