/**
 * Task Detail (behaviour §2, 4): the task's fields and status as of today; Complete (back to the list
 * after success) and Claim/Unclaim with the pending-sync list; Edit to the update form. Below them,
 * the task's procedure and its last completion's answers (ProcedureDetail.tsx); the Confirm Complete
 * dialog asks for the steps' answers above its Field Notes (ProcedureAnswers.tsx).
 */
import { useLocation } from 'wouter';
import type { MaintenanceTask } from '../../../shared/api/maintenance';
import type { MutationResult } from '../../../shared/data/protocol';
import { NOT_FOUND_MESSAGES, OFFLINE_BANNERS, SCREEN_MESSAGES } from '../../../shared/data/messages';
import { msg, type Translate } from '../../../shared/i18n/translate';
import { formatRecurrenceInterval, taskStatusOn } from '../../../shared/rules/task-status';
import { LinkButton } from '../../components/LinkButton';
import { formatDate, formatDateTime, formatReading, fullName } from '../../format/display';
import { useT } from '../../i18n/language';
import { DetailRows } from '../../kit/DetailRows';
import { DetailScreen, useDetailRead, type DetailTexts } from '../../kit/DetailScreen';
import { HistorySection } from '../../kit/HistorySection';
import { originListUrl } from '../../kit/list-query';
import { LabourSection } from '../../kit/LabourSection';
import { StatusActions } from '../../kit/StatusActions';
import { isAssignedTo } from '../../kit/status-rules';
import { useCurrentUser } from '../../state/hooks';
import { MAINTENANCE_LIST } from './maintenance-list';
import { useProcedureCompletion } from './ProcedureAnswers';
import { ProcedureDetail } from './ProcedureDetail';
import { TaskStatusTag, useSiteToday, useTaskOnDevice } from './task-display';

const TEXTS: DetailTexts = {
  title: msg('Task'),
  loading: msg('Loading task...'),
  notFound: NOT_FOUND_MESSAGES.maintenance.one,
  failure: SCREEN_MESSAGES.maintenance.loadOne,
  saved: OFFLINE_BANNERS.tasks,
  refreshFailure: SCREEN_MESSAGES.maintenance.fetchOne,
};

const FAILURES = { claim: SCREEN_MESSAGES.maintenance.claim, unclaim: SCREEN_MESSAGES.maintenance.unclaim, complete: SCREEN_MESSAGES.maintenance.complete };

/** A task by usage's meter rows: the meter and interval, what it counted, the reading it is due at and the forecast day. */
function meterRows(task: MaintenanceTask, t: Translate): [string, string | null][] {
  const { meter, meter_interval: interval } = task;
  if (!meter || interval === null) return [];
  const units = (value: number) => `${formatReading(value)} ${meter.unit}`;
  return [
    [msg('Meter'), t('{meter}, every {interval}', { meter: meter.name, interval: units(interval) })],
    [msg('Counted Since Completion'), t('{counted} of {interval}', { counted: units(task.meter_used ?? 0), interval: units(interval) })],
    [msg('Due at Reading'), task.meter_due_at === null ? t('After its first reading') : units(task.meter_due_at)],
    [msg('Forecast Due Date'), task.forecast_due_date ? formatDate(task.forecast_due_date) : t('Needs two readings in 30 days')],
  ];
}

/** Who completed the task last, and when if known. */
function completedBy(task: MaintenanceTask, t: Translate): string | null {
  if (!task.last_completed_by) return null;
  const name = fullName(task.last_completed_by);
  return task.last_completed_at ? t('{name} on {date}', { name, date: formatDateTime(task.last_completed_at) }) : name;
}

/** When the task was created, and by whom if known. */
function createdWhen(task: MaintenanceTask, t: Translate): string {
  const date = formatDateTime(task.created);
  return task.created_by ? t('{date} by {name}', { date, name: fullName(task.created_by) }) : date;
}

function TaskFields({ task: kept, today }: { task: MaintenanceTask; today: string }) {
  const t = useT();
  const task = useTaskOnDevice(kept, today);
  return (
    <DetailRows
      rows={[
        [msg('Location'), task.location.name],
        [msg('Description'), task.description.full_description],
        [msg('Status'), <TaskStatusTag status={taskStatusOn(task, today)} />],
        [msg('Recurrence'), formatRecurrenceInterval(task.recurrence_interval)],
        [msg('Last Completed'), formatDate(task.last_completed_date) || t('Never')],
        [msg('Due Date'), formatDate(task.due_date) || t('Not set')],
        ...meterRows(task, t),
        [msg('Claimed By'), task.assigned_to.length ? fullName(task.assigned_to[0]) : null],
        [msg('Task Notes'), task.task_notes || null],
        [msg('Field Notes'), task.field_notes || null],
        [msg('Completed By'), completedBy(task, t)],
        [msg('Created'), createdWhen(task, t)],
      ]}
    />
  );
}

/** Complete and Claim/Unclaim for the task, its steps in the Complete dialog. */
function TaskActions({ task, onDone, onRefused }: { task: MaintenanceTask; onDone: (action: 'claim' | 'unclaim' | 'complete', result: MutationResult<MaintenanceTask>) => void; onRefused: () => void }) {
  const completion = useProcedureCompletion(task);
  return (
    <StatusActions<MaintenanceTask>
      area="maintenance"
      record={{ id: task.id, claimed: task.assigned_to.length > 0, closed: false, assigned_to: task.assigned_to }}
      failures={FAILURES}
      onDone={onDone}
      onRefused={onRefused}
      completion={completion}
    />
  );
}

export function MaintenanceDetailPage({ params }: { params: { id?: string } }) {
  const { detail } = useDetailRead<MaintenanceTask>('maintenance', params.id, (worker, id) => worker.maintenance.get(id), TEXTS);
  const t = useT();
  const today = useSiteToday();
  const [, navigate] = useLocation();
  const back = originListUrl(MAINTENANCE_LIST);
  return (
    <DetailScreen
      detail={detail}
      texts={TEXTS}
      back={back}
      heading={(task) => t('Task #{id}', { id: task.id })}
      actions={(task) => <LinkButton href={`/maintenance-update/${task.id}`} label={msg('Edit')} icon="pi pi-pencil" outlined />}
    >
      {(task) => (
        <div className="panel">
          <TaskFields task={task} today={today} />
          <TaskActions
            task={task}
            onDone={(action, result) => {
              // Behaviour §4: after a completion, back to the list.
              if (action === 'complete' && result.status === 'done') navigate(back);
              else if (result.status === 'done') detail.show(result.data);
            }}
            onRefused={() => void detail.reload()}
          />
          <ProcedureDetail task={task} />
          <TaskLabour task={task} onChanged={() => void detail.reload()} />
          <HistorySection area="maintenance" id={task.id} record={task} />
        </div>
      )}
    </DetailScreen>
  );
}

/**
 * The task's labour (not in the spec; docs/decisions.md: What the work costs): maintenance is full
 * access's, so any of them deletes an entry; time is recorded while the task is claimed by oneself,
 * and goes to the completion that ends it.
 */
function TaskLabour({ task, onChanged }: { task: MaintenanceTask; onChanged: () => void }) {
  const user = useCurrentUser();
  const claimedByMe = user !== null && isAssignedTo(task, user.id);
  const rules = { mayRecord: claimedByMe, mayStart: claimedByMe, mayRemove: () => true };
  return <LabourSection on={{ kind: 'task', id: task.id }} rules={rules} footer={null} onChanged={onChanged} />;
}
