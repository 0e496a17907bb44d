/**
 * Task List (behaviour §2, 4): location filter ("All Tasks", remembered), search over description or
 * location name, cards coloured by the display status as of today, pages of 10, saved-data notice.
 */
import { Link } from 'wouter';
import type { MaintenanceTask } from '../../../shared/api/maintenance';
import { NOT_FOUND_MESSAGES, OFFLINE_BANNERS, SCREEN_MESSAGES } from '../../../shared/data/messages';
import { msg } from '../../../shared/i18n/translate';
import { formatRecurrenceInterval, taskStatusOn } from '../../../shared/rules/task-status';
import { LinkButton } from '../../components/LinkButton';
import { formatDate, formatReading, fullName } from '../../format/display';
import { useT } from '../../i18n/language';
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
    title: msg('Preventative Maintenance'),
    allLocations: msg('All Tasks'),
    searchPlaceholder: msg('Search description or location'),
    itemsLabel: msg('Maintenance tasks'),
    loading: msg('Loading tasks...'),
    empty: NOT_FOUND_MESSAGES.maintenance.list,
    failure: SCREEN_MESSAGES.maintenance.fetchList,
    saved: OFFLINE_BANNERS.tasks,
  },
};

function TaskCard({ task: kept, today }: { task: MaintenanceTask; today: string }) {
  const t = useT();
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
        <span>{formatRecurrenceInterval(task.recurrence_interval)}</span>
        {task.meter && task.meter_interval !== null ? <span>{t('Every {reading} {unit}', { reading: formatReading(task.meter_interval), unit: task.meter.unit })}</span> : null}
        <span>{task.due_date ? t('Due {date}', { date: formatDate(task.due_date) }) : t('Due not set')}</span>
        {holder ? <span>{t('Claimed by {name}', { name: holder })}</span> : null}
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
      actions={<LinkButton href="/maintenance-create" label={msg('Create Maintenance Task')} icon="pi pi-plus" />}
      renderItem={(task) => <TaskCard task={task} today={today} />}
    />
  );
}
