/**
 * A part's costs for full-access users (docs/decisions.md: What the work costs): Edit Costs sets its
 * unit cost (later issues keep it, earlier ones keep theirs) and reorder point, sent now or queued;
 * and the parts short now (below zero on hand, or at or under their reorder point), listed above the
 * part list so a supervisor sees what to order. Both offline: the write through the outbox, the
 * list from the working set.
 */
import { Button } from 'primereact/button';
import { useState } from 'react';
import { Link } from 'wouter';
import type { Part } from '../../../shared/api/parts';
import { PartCostsForm } from '../../../shared/api/stock-ledger';
import { SCREEN_MESSAGES } from '../../../shared/data/messages';
import { brandAndName, formatQuantity } from '../../format/display';
import { FormDialog } from '../../kit/FormDialog';
import { NumberField } from '../../kit/FormFields';
import { showInvalidForm, showRefusal, startOver, useSchemaForm } from '../../kit/form';
import { callWorker } from '../../state/bridge';
import { useCurrentUser, useSynced, useWorkerRead } from '../../state/hooks';
import { showToast } from '../../state/toasts';

export const PART_COSTS_TEXTS = {
  edit: 'Edit Costs',
  header: 'Part Costs',
  unitCost: 'Unit Cost',
  reorderPoint: 'Reorder Point',
  reorderHint: 'Leave empty for none. At or under it the part shows Short.',
  shortTitle: (count: number) => `${count === 1 ? '1 part is' : `${count} parts are`} short or under their reorder point`,
} as const;

interface CostValues {
  unit_cost: number | null;
  reorder_point: number | null;
}

const valuesOf = (part: Part): CostValues => ({ unit_cost: part.unit_cost ?? 0, reorder_point: part.reorder_point });

/** Edit Costs and its dialog on the part's detail; nothing for users without full access. */
export function PartCostsButton({ part, onSaved }: { part: Part; onSaved: (part: Part) => void }) {
  const user = useCurrentUser();
  const [open, setOpen] = useState(false);
  const form = useSchemaForm<CostValues>(PartCostsForm, valuesOf(part), (v) => ({ unit_cost: v.unit_cost, ...(v.reorder_point === null ? {} : { reorder_point: v.reorder_point }) }));
  if (!user?.full_feature_access) return null;
  const close = () => setOpen(false);
  const submit = form.handleSubmit(async ({ unit_cost, reorder_point }) => {
    try {
      const result = await callWorker((worker) => worker.partmoves.setCosts(part.id, { unitCost: unit_cost ?? 0, reorderPoint: reorder_point }));
      showToast({ severity: result.status === 'done' ? 'success' : 'info', detail: result.message });
      if (result.status === 'done') onSaved(result.data);
      close();
    } catch (err) {
      showRefusal(form, err, SCREEN_MESSAGES.partmoves.costs);
    }
  }, showInvalidForm);
  return (
    <>
      <Button
        type="button"
        label={PART_COSTS_TEXTS.edit}
        icon="pi pi-dollar"
        outlined
        onClick={() => {
          startOver(form, valuesOf(part));
          setOpen(true);
        }}
      />
      <FormDialog header={PART_COSTS_TEXTS.header} visible={open} busy={form.formState.isSubmitting} submitLabel="Save" width="24rem" onClose={close} onSubmit={submit}>
        <NumberField control={form.control} name="unit_cost" id="part-unit-cost" label={PART_COSTS_TEXTS.unitCost} min={0} step={0.01} required />
        <NumberField control={form.control} name="reorder_point" id="part-reorder-point" label={PART_COSTS_TEXTS.reorderPoint} min={0} step="any" hint={PART_COSTS_TEXTS.reorderHint} />
      </FormDialog>
    </>
  );
}

/** The parts short now, above the part list for full-access users; nothing when none is. */
export function ShortParts() {
  const user = useCurrentUser();
  const full = Boolean(user?.full_feature_access);
  const short = useWorkerRead(`parts-short|${full}`, (worker) => (full ? worker.partmoves.short() : Promise.resolve({ data: [] as Part[], fromCache: false, cachedAt: '' })));
  useSynced('parts', 'any', () => void short.reload());
  useSynced('partmoves', 'any', () => void short.reload());
  const list = short.result?.data ?? [];
  if (!full || list.length === 0) return null;
  return (
    <section className="short-parts" aria-labelledby="short-parts-title">
      <h2 id="short-parts-title">{PART_COSTS_TEXTS.shortTitle(list.length)}</h2>
      <ul>
        {list.map((part) => (
          <li key={part.id}>
            <Link href={`/part-detail/${part.id}`}>{brandAndName(part.brand.brand, part.name.name)}</Link> ({part.item_number}) · {part.location?.name ?? 'No Location'} · {formatQuantity(part.quantity)} on hand
            {part.reorder_point !== null ? `, reorder at ${formatQuantity(part.reorder_point)}` : ''}
          </li>
        ))}
      </ul>
    </section>
  );
}
