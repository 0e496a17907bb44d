/**
 * Active work orders (behaviour §2): location filter and text search (?location, ?page, ?q), cards, pages
 * of 10, on the list pattern of the kit.
 */
import { Link } from 'wouter';
import type { WorkOrder } from '../../../shared/api/workorders';
import { NOT_FOUND_MESSAGES, OFFLINE_BANNERS, SCREEN_MESSAGES } from '../../../shared/data/messages';
import { formatDateTime, fullName } from '../../format/display';
import { ListScreen, type ListDef } from '../../kit/ListScreen';
import { WORKORDER_LIST } from './list-query';
import { WorkOrderStatus } from './WorkOrderStatus';

const LIST: ListDef<WorkOrder> = {
  ...WORKORDER_LIST,
  area: 'workorders',
  read: (api, query) => api.workorders.list({ page: query.page, location: query.location, search: query.search || null }),
  texts: {
    title: 'Active Work Orders',
    allLocations: 'All Work Orders',
    searchPlaceholder: 'Search work orders',
    itemsLabel: 'Work orders',
    loading: 'Loading work orders...',
    empty: NOT_FOUND_MESSAGES.workorders.list,
    failure: SCREEN_MESSAGES.workorders.fetchAll,
    saved: OFFLINE_BANNERS.workorderList,
  },
};

function WorkOrderCard({ order }: { order: WorkOrder }) {
  const owner = order.status === 'Claimed' ? fullName(order.assigned_to[0]) : '';
  const attachments = order.attachments.length;
  return (
    <Link href={`/workorder-detail/${order.id}`} className="wo-card">
      <div className="wo-card-head">
        <span className="wo-card-location">{order.location_name}</span>
        <WorkOrderStatus status={order.status} />
      </div>
      <div className="wo-meta">
        <span>Created {formatDateTime(order.created_at)}</span>
      </div>
      <p className="wo-card-description">{order.description}</p>
      <div className="wo-meta">
        {owner ? <span>Owner: {owner}</span> : null}
        <span>
          <i className="pi pi-paperclip" aria-hidden="true" /> {attachments} {attachments === 1 ? 'attachment' : 'attachments'}
        </span>
      </div>
    </Link>
  );
}

export function WorkOrderListPage() {
  return <ListScreen def={LIST} back="/workorder-home" renderItem={(order) => <WorkOrderCard order={order} />} />;
}
