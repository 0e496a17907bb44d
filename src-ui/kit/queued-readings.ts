/** A meter's readings still in the outbox, for the screens that show them or count them (an asset's meters, a task by usage). */
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { QueuedReading } from '../../shared/areas/meters';
import { callWorker } from '../state/bridge';
import { store } from '../state/store';
import { pendingActionsFor } from './status-rules';

const NONE: QueuedReading[] = [];

/** The meter's queued readings, oldest taken first, read again whenever the queue changes; none without a meter. */
export function useQueuedReadings(meterId: number | null): QueuedReading[] {
  const items = useSnapshot(store).queue.items;
  const waiting = meterId === null ? '' : pendingActionsFor(items, 'meters', meterId).map((i) => i.id).join(',');
  const [queued, setQueued] = useState<QueuedReading[]>(NONE);
  useEffect(() => {
    if (meterId === null || waiting === '') {
      setQueued(NONE);
      return;
    }
    let current = true;
    void callWorker((worker) => worker.meters.queuedReadings(meterId)).then((rows) => current && setQueued(rows));
    return () => {
      current = false;
    };
  }, [meterId, waiting]);
  return queued;
}
