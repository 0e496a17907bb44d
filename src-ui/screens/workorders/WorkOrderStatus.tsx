/** Work order status with its colour and icon (behaviour §4): Pending red !, Claimed cyan spinner, Completed green check. */
import type { WorkOrderStatus as Status } from '../../../shared/constants';

const ICONS: Record<Status, string> = {
  Pending: 'pi pi-exclamation-circle',
  Claimed: 'pi pi-spinner',
  Completed: 'pi pi-check-circle',
};

export function WorkOrderStatus({ status }: { status: Status }) {
  return (
    <span className={`wo-status wo-status-${status.toLowerCase()}`}>
      <i className={ICONS[status]} aria-hidden="true" />
      {status}
    </span>
  );
}
