/**
 * Task List (behaviour §2, 4): location filter ("All Tasks", remembered), search over description or
 * location name, cards coloured by the display status as of today, pages of 10, saved-data notice.
 */
import { Link } from 'wouter';
import type { MaintenanceTask } from '../../../shared/api/maintenance';
import { NOT_FOUND_MESSAGES, OFFLINE_BANNERS, SCREEN_MESSAGES } from '../../../shared/data/messages';
import { taskStatusOn } from '../../../shared/rules/task-status';
import { LinkButton } from '../../components/LinkButton';
import { formatDate, formatReading, fullName } from '../../format/display';
import { taskAsQueued } from '../../kit/as-queued';
import { ListScreen, type ListDef } from '../../kit/ListScreen';
import { PendingSyncTag, usePendingActions } from '../../kit/StatusActions';
import { useCurrentUser } from '../../state/hooks';
import { MAINTENANCE_LIST } from './maintenance-list';
import { TaskStatusTag, taskStatusClass, useSiteToday, useTaskOnDevice } from './task-display';

const LIST: ListDef<MaintenanceTask> = {
  ...MAINTENANCE_LIST,
  area: 'maintenance',
  read: (worker, query) => worker.maintenance.list({ page: query.page, location: query.location, search: query.search || null }),
  texts: {
    title: 'Preventative Maintenance',
    allLocations: 'All Tasks',
    searchPlaceholder: 'Search description or location',
    itemsLabel: 'Maintenance tasks',
    loading: 'Loading tasks...',
    empty: NOT_FOUND_MESSAGES.maintenance.list,
    failure: SCREEN_MESSAGES.maintenance.fetchList,
    saved: OFFLINE_BANNERS.tasks,
  },
};

function TaskCard({ task: kept, today }: { task: MaintenanceTask; today: string }) {
  const saved = useTaskOnDevice(kept, today);
  const pending = usePendingActions('maintenance', saved.id);
  const me = useCurrentUser();
  // What the user queued shows as it will be, until the server's answer replaces it.
  const task = pending.length > 0 && me ? taskAsQueued(saved, pending, me, today, new Date().toISOString()) : saved;
  const status = taskStatusOn(task, today);
  const holder = task.assigned_to.length ? fullName(task.assigned_to[0]) : '';
  return (
    <Link href={`/maintenance-detail/${task.id}`} className={`wo-card task-card ${taskStatusClass(status)}`}>
      <div className="wo-card-head">
        <span className="wo-card-location">{task.location.name}</span>
        <span className="wo-card-badges">
          {pending.length > 0 ? <PendingSyncTag /> : null}
          <TaskStatusTag status={status} />
        </span>
      </div>
      <p className="wo-card-description">{task.description.full_description}</p>
      <div className="wo-meta">
        <span>{task.formatted_recurrence_interval}</span>
        {task.meter && task.meter_interval !== null ? <span>Every {formatReading(task.meter_interval)} {task.meter.unit}</span> : null}
        <span>Due {task.due_date ? formatDate(task.due_date) : 'not set'}</span>
        {holder ? <span>Claimed by {holder}</span> : null}
      </div>
    </Link>
  );
}

export function MaintenanceListPage() {
  const today = useSiteToday();
  return (
    <ListScreen
      def={LIST}
      back="/home"
      actions={<LinkButton href="/maintenance-create" label="Create Maintenance Task" icon="pi pi-plus" />}
      renderItem={(task) => <TaskCard task={task} today={today} />}
    />
  );
}
