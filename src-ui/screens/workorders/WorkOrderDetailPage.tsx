/**
 * One work order (behaviour §2, behaviour §4): its fields and attachments; Complete and Claim/Unclaim for
 * full-access users; the "Pending sync" list; a reload once its queued actions synced; Back to the
 * list it was opened from. Built on the kit's detail pattern and status actions. Not in the spec:
 * its labour (a timer, time by hand) and the parts used on it, and for full access their costs.
 */
import { Link } from 'wouter';
import type { WorkOrder, WorkOrderAsset, WorkOrderAttachment } from '../../../shared/api/workorders';
import { mayOpen } from '../../app/navigation';
import { useCurrentUser } from '../../state/hooks';
import { NOT_FOUND_MESSAGES, OFFLINE_BANNERS, SCREEN_MESSAGES } from '../../../shared/data/messages';
import { msg } from '../../../shared/i18n/translate';
import { formatDateTime, formatMinutes, formatPrice, fullName } from '../../format/display';
import { useT } from '../../i18n/language';
import { DetailRows } from '../../kit/DetailRows';
import { DetailScreen, useDetailRead, type DetailTexts } from '../../kit/DetailScreen';
import { HistorySection } from '../../kit/HistorySection';
import { originListUrl } from '../../kit/list-query';
import { LABOUR_TEXTS, LabourSection } from '../../kit/LabourSection';
import { StatusActions } from '../../kit/StatusActions';
import { isAssignedTo } from '../../kit/status-rules';
import { WORKORDER_LIST } from './list-query';
import { PartsUsedSection } from './PartsUsedSection';
import { WorkOrderStatus } from './WorkOrderStatus';

const TEXTS: DetailTexts = {
  title: msg('Work Order'),
  loading: msg('Loading work order...'),
  notFound: NOT_FOUND_MESSAGES.workorders.one,
  failure: SCREEN_MESSAGES.workorders.loadDetails,
  saved: OFFLINE_BANNERS.workorderDetail,
  refreshFailure: SCREEN_MESSAGES.workorders.refreshAfterSync,
};

const FAILURES = { claim: SCREEN_MESSAGES.workorders.claim, unclaim: SCREEN_MESSAGES.workorders.unclaim, complete: SCREEN_MESSAGES.workorders.complete };

function Attachment({ attachment }: { attachment: WorkOrderAttachment }) {
  const t = useT();
  const image = attachment.content_type.startsWith('image/');
  return (
    <li>
      <a className="attachment-link" href={attachment.file} target="_blank" rel="noopener noreferrer" aria-label={t('Open {name} in a new tab', { name: attachment.name })}>
        {image ? (
          <img src={attachment.file} alt="" loading="lazy" />
        ) : (
          <>
            <i className="pi pi-file" style={{ fontSize: '1.75rem' }} aria-hidden="true" />
            <span>{attachment.name}</span>
          </>
        )}
      </a>
    </li>
  );
}

/** The linked asset, by name and code; a link to it for those who may open assets. */
function OrderAsset({ asset }: { asset: WorkOrderAsset }) {
  const text = (
    <>
      {asset.name} (<span className="record-code">{asset.code}</span>)
    </>
  );
  return mayOpen('full', useCurrentUser()) ? <Link href={`/asset-detail/${asset.id}`}>{text}</Link> : text;
}

function WorkOrderFields({ order }: { order: WorkOrder }) {
  const t = useT();
  const attachments = order.attachments.length ? (
    <ul className="attachments">
      {order.attachments.map((a) => (
        <Attachment key={a.id} attachment={a as WorkOrderAttachment} />
      ))}
    </ul>
  ) : (
    t('None')
  );
  return (
    <DetailRows
      rows={[
        [msg('Location'), order.location_name],
        [msg('Created'), formatDateTime(order.created_at)],
        [msg('Description'), order.description],
        // Not in the spec: the asset the order is about (absent from orders saved before assets could be linked).
        [msg('Asset'), order.asset ? <OrderAsset asset={order.asset} /> : null],
        [msg('Status'), <WorkOrderStatus status={order.status} />],
        [msg('Owner'), order.status === 'Claimed' ? fullName(order.assigned_to[0]) || null : null],
        [msg('Field Notes'), order.field_notes || null],
        [msg('Attachments'), attachments],
      ]}
    />
  );
}

export function WorkOrderDetailPage({ params }: { params: { id?: string } }) {
  const t = useT();
  const { detail } = useDetailRead<WorkOrder>('workorders', params.id, (worker, id) => worker.workorders.get(id), TEXTS);
  return (
    <DetailScreen detail={detail} texts={TEXTS} back={originListUrl(WORKORDER_LIST)} heading={(order) => t('Work Order #{id}', { id: order.id })}>
      {(order) => (
        <div className="panel">
          <WorkOrderFields order={order} />
          <StatusActions<WorkOrder>
            area="workorders"
            record={{ id: order.id, claimed: order.status === 'Claimed', closed: order.status === 'Completed', assigned_to: order.assigned_to }}
            failures={FAILURES}
            // The server answered with the order as it now is: shown as it is, no second request.
            onDone={(_, result) => result.status === 'done' && detail.show(result.data)}
            onRefused={() => void detail.reload()}
          />
          <OrderLabour order={order} onChanged={() => void detail.reload()} />
          <PartsUsedSection order={order} onChanged={() => void detail.reload()} />
          <HistorySection area="workorders" id={order.id} record={order} />
        </div>
      )}
    </DetailScreen>
  );
}

/**
 * The order's labour, by the server's rules: the one who claimed it records time; full access
 * always; limited users nothing on a completed order, and they delete only their own while it is open.
 */
function OrderLabour({ order, onChanged }: { order: WorkOrder; onChanged: () => void }) {
  const user = useCurrentUser();
  const full = Boolean(user?.full_feature_access);
  const completed = order.status === 'Completed';
  const rules = {
    mayRecord: full || (!completed && user !== null && isAssignedTo(order, user.id)),
    mayStart: !completed,
    mayRemove: (_entry: unknown, mine: boolean) => full || (mine && !completed),
  };
  const footer = full && order.costs ? LABOUR_TEXTS.total(formatMinutes(order.costs.labour_minutes), formatPrice(order.costs.labour_cost)) : null;
  return <LabourSection on={{ kind: 'order', id: order.id }} rules={rules} footer={footer} onChanged={onChanged} />;
}
