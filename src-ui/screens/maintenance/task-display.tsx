/**
 * A task's display status (behaviour §4), reckoned again in the tab from the task's fields and the site's
 * today (shared/rules/task-status.ts, the server's rule), so a task read from saved data days later
 * shows Due or Past due as it now is.
 */
import { useMemo } from 'react';
import type { MaintenanceTask } from '../../../shared/api/maintenance';
import { withNewerReadings } from '../../../shared/rules/meter-due';
import { TASK_STATUS_LABELS, todayIn } from '../../../shared/rules/task-status';
import type { TaskStatus } from '../../../shared/constants';
import { useT } from '../../i18n/language';
import { useQueuedReadings } from '../../kit/queued-readings';
import { useNow, useWorkerRead } from '../../state/hooks';

const ICONS: Record<TaskStatus, string> = {
  UP_TO_DATE: 'pi pi-check-circle',
  ALMOST_DUE: 'pi pi-clock',
  DUE: 'pi pi-exclamation-triangle',
  PAST_DUE: 'pi pi-exclamation-circle',
  CLAIMED: 'pi pi-spinner',
  COMPLETE: 'pi pi-check',
  NEW: 'pi pi-star',
};

/** Today in the site's time zone (from its settings, saved for offline use); the device's zone until known. */
export function useSiteToday(): string {
  const settings = useWorkerRead('settings', (worker) => worker.settings.get());
  // Once a minute, so a screen left open past midnight moves on to the new day.
  const now = useNow(true, 60_000);
  const zone = settings.result?.data.time_zone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  return todayIn(zone, new Date(now));
}

export function taskStatusClass(status: TaskStatus): string {
  return `task-status-${status.toLowerCase()}`;
}

export function TaskStatusTag({ status }: { status: TaskStatus }) {
  useT(); // the label is said in the active language when read
  return (
    <span className={`wo-status ${taskStatusClass(status)}`}>
      <i className={ICONS[status]} aria-hidden="true" />
      {TASK_STATUS_LABELS[status]}
    </span>
  );
}

/**
 * A task by usage as this device counts it: the readings of its meter still queued here added to
 * what the server counted (shared/rules/meter-due.ts), so a reading taken offline past the due
 * reading shows the task due at once. A task by days only is as it came.
 */
export function useTaskOnDevice(task: MaintenanceTask, today: string): MaintenanceTask {
  const queued = useQueuedReadings(task.meter_id);
  return useMemo(() => {
    const figures = queued.length > 0 ? withNewerReadings(task, queued, today) : null;
    return figures ? { ...task, ...figures } : task;
  }, [task, queued, today]);
}
