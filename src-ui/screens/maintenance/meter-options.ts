/** The meters a task by usage, or a reading step, may count on: those the device keeps, named with their assets (worker `meters.choices`). */
import type { MeterChoice } from '../../../shared/areas/meters';
import { useSynced, useWorkerRead } from '../../state/hooks';

/** The choice that means none. */
export const NO_METER = 0;

export function useMeterChoices(): MeterChoice[] {
  const choices = useWorkerRead('meter-choices', (worker) => worker.meters.choices().then((data) => ({ data, fromCache: false, cachedAt: null })));
  // The device's meters arrive with the working set: a form opened before the first sync ends (just
  // after signing in) offers them as soon as they are kept, not only when opened again.
  useSynced('meters', 'any', () => void choices.reload());
  useSynced('assets', 'any', () => void choices.reload());
  return choices.result?.data ?? [];
}

/** The choices as a dropdown's options, `none` first. */
export function meterOptions(choices: readonly MeterChoice[], none: string): { label: string; value: number }[] {
  return [{ label: none, value: NO_METER }, ...choices.map((c) => ({ label: c.label, value: c.id }))];
}
