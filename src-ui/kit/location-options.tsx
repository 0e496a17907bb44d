/**
 * Every location as choices for a form's location field (saved data offline), and the warning to
 * show above the form when they could not be read.
 */
import type { ReactNode } from 'react';
import { SCREEN_MESSAGES, messageForScreen } from '../../shared/data/messages';
import { WarningNotice } from '../components/Notices';
import { useT } from '../i18n/language';
import { useWorkerRead } from '../state/hooks';

export interface LocationOption {
  label: string;
  value: number;
}

export function useLocationOptions(): { options: LocationOption[]; warning: ReactNode } {
  const t = useT();
  const locations = useWorkerRead('locations', (worker) => worker.locations.all());
  const options = (locations.result?.data ?? []).map((l) => ({ label: l.name, value: l.id }));
  const warning = locations.error && !locations.result ? <WarningNotice text={messageForScreen(locations.error, t(SCREEN_MESSAGES.locations.loadList))} /> : null;
  return { options, warning };
}
