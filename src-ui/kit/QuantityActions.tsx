/**
 * The quantity block of a stocked item's detail (behaviour §2: parts and chemicals): Fill and Inventory,
 * the "Pending sync" list of the item's queued fills and counts, and the modal they open
 * (QuantityDialog). A record carries the device's date when the user acted; the quantity on hand
 * the server answers is handed back to be shown without reading again. Each area gives its modal
 * texts, the field's label (with the unit where the item has one) and its worker call.
 */
import { Button } from 'primereact/button';
import { useState } from 'react';
import type { AreaName } from '../../shared/areas/registry';
import type { QuantityKind } from '../../shared/api/quantities';
import type { QuantityInput } from '../../shared/areas/stock';
import type { MutationResult } from '../../shared/data/protocol';
import { localDateToday } from '../format/display';
import { useT } from '../i18n/language';
import type { WorkerRemote } from '../state/bridge';
import { QuantityDialog, type QuantityTexts } from './QuantityDialog';
import { PendingSync, usePendingActions } from './StatusActions';

export function QuantityActions<Answer>({
  area,
  id,
  texts,
  label,
  send,
  onRecorded,
}: {
  area: AreaName;
  /** The stocked item's id (its queued records are listed under it). */
  id: number;
  texts: QuantityTexts;
  label: string;
  send: (worker: WorkerRemote, input: QuantityInput) => Promise<MutationResult<Answer>>;
  /** The server's answer to a record sent now (a queued one has none yet). */
  onRecorded: (answer: Answer) => void;
}) {
  const t = useT();
  const [modal, setModal] = useState<QuantityKind | null>(null);
  const pending = usePendingActions(area, id);
  return (
    <>
      <div className="button-row">
        <Button type="button" label={t('Fill')} icon="pi pi-plus" onClick={() => setModal('fill')} />
        <Button type="button" label={t('Inventory')} icon="pi pi-list-check" outlined onClick={() => setModal('inventory')} />
      </div>
      {pending.length ? <PendingSync items={pending} /> : null}
      <QuantityDialog
        kind={modal}
        texts={texts}
        label={label}
        onClose={() => setModal(null)}
        send={(worker, quantity) => send(worker, { kind: modal ?? 'fill', quantity, date: localDateToday() })}
        onDone={(result) => result.status === 'done' && onRecorded(result.data)}
      />
    </>
  );
}
