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
import { msg } from '../../../shared/i18n/translate';
import { brandAndName, formatQuantity } from '../../format/display';
import { useT } from '../../i18n/language';
import { FormDialog } from '../../kit/FormDialog';
import { NumberField } from '../../kit/FormFields';
import { showInvalidForm, showRefusal, startOver, useSchemaForm } from '../../kit/form';
import { callWorker } from '../../state/bridge';
import { useCurrentUser, useSynced, useWorkerRead } from '../../state/hooks';
import { showToast } from '../../state/toasts';

export const PART_COSTS_TEXTS = {
  edit: msg('Edit Costs'),
  header: msg('Part Costs'),
  unitCost: msg('Unit Cost'),
  reorderPoint: msg('Reorder Point'),
  reorderHint: msg('Leave empty for none. At or under it the part shows Short.'),
  shortTitle: msg('{count, plural, one {{count} part is} other {{count} parts are}} short or under their reorder point'),
} as const;

interface CostValues {
  unit_cost: number | null;
  reorder_point: number | null;
}

const valuesOf = (part: Part): CostValues => ({ unit_cost: part.unit_cost ?? 0, reorder_point: part.reorder_point });

/** Edit Costs and its dialog on the part's detail; nothing for users without full access. */
export function PartCostsButton({ part, onSaved }: { part: Part; onSaved: (part: Part) => void }) {
  const t = useT();
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
        label={t(PART_COSTS_TEXTS.edit)}
        icon="pi pi-dollar"
        outlined
        onClick={() => {
          startOver(form, valuesOf(part));
          setOpen(true);
        }}
      />
      <FormDialog header={PART_COSTS_TEXTS.header} visible={open} busy={form.formState.isSubmitting} submitLabel={msg('Save')} width="24rem" onClose={close} onSubmit={submit}>
        <NumberField control={form.control} name="unit_cost" id="part-unit-cost" label={t(PART_COSTS_TEXTS.unitCost)} min={0} step={0.01} required />
        <NumberField control={form.control} name="reorder_point" id="part-reorder-point" label={t(PART_COSTS_TEXTS.reorderPoint)} min={0} step="any" hint={t(PART_COSTS_TEXTS.reorderHint)} />
      </FormDialog>
    </>
  );
}

/** The parts short now, above the part list for full-access users; nothing when none is. */
export function ShortParts() {
  const t = useT();
  const user = useCurrentUser();
  const full = Boolean(user?.full_feature_access);
  const short = useWorkerRead(`parts-short|${full}`, (worker) => (full ? worker.partmoves.short() : Promise.resolve({ data: [] as Part[], fromCache: false, cachedAt: '' })));
  useSynced('parts', 'any', () => void short.reload());
  useSynced('partmoves', 'any', () => void short.reload());
  const list = short.result?.data ?? [];
  if (!full || list.length === 0) return null;
  return (
    <section className="short-parts" aria-labelledby="short-parts-title">
      <h2 id="short-parts-title">{t(PART_COSTS_TEXTS.shortTitle, { count: list.length })}</h2>
      <ul>
        {list.map((part) => (
          <li key={part.id}>
            <Link href={`/part-detail/${part.id}`}>{brandAndName(part.brand.brand, part.name.name)}</Link>{' '}
            {part.reorder_point === null
              ? t('({item}) · {location} · {quantity} on hand', { item: part.item_number, location: part.location?.name ?? t('No Location'), quantity: formatQuantity(part.quantity) })
              : t('({item}) · {location} · {quantity} on hand, reorder at {reorder}', {
                  item: part.item_number,
                  location: part.location?.name ?? t('No Location'),
                  quantity: formatQuantity(part.quantity),
                  reorder: formatQuantity(part.reorder_point),
                })}
          </li>
        ))}
      </ul>
    </section>
  );
}
