/**
 * The Fill and Inventory modals of a stocked item (behaviour §2: parts and chemicals): one number field,
 * checked before sending (a fill adds more than 0, a count is 0 or more), the dialog kept open with
 * what was typed when the server refuses it. Queued while offline like every quantity.
 */
import type { TObject } from '@sinclair/typebox';
import { useEffect } from 'react';
import { FillForm, InventoryForm, type QuantityKind } from '../../shared/api/quantities';
import type { MutationResult } from '../../shared/data/protocol';
import { msg } from '../../shared/i18n/translate';
import { useT } from '../i18n/language';
import { callWorker, type WorkerRemote } from '../state/bridge';
import { showToast } from '../state/toasts';
import { FormDialog } from './FormDialog';
import { NumberField } from './FormFields';
import { showInvalidForm, showRefusal, useSchemaForm } from './form';

/** The area's words for each modal: its title ("Fill Part") and the fallback when the server refuses without a text (English, said here). */
export type QuantityTexts = Record<QuantityKind, { header: string; failure: string }>;

const SUBMIT: Record<QuantityKind, string> = { fill: msg('Save Fill'), inventory: msg('Save Inventory') };

const SCHEMAS: Record<QuantityKind, TObject> = { fill: FillForm, inventory: InventoryForm };

interface QuantityValues {
  quantity: number | null;
}

export function QuantityDialog<Answer>({
  kind,
  texts,
  label,
  onClose,
  send,
  onDone,
}: {
  /** Which modal is open, or null when none. */
  kind: QuantityKind | null;
  texts: QuantityTexts;
  label: string;
  onClose: () => void;
  send: (worker: WorkerRemote, quantity: number) => Promise<MutationResult<Answer>>;
  onDone: (result: MutationResult<Answer>) => void;
}) {
  const t = useT();
  const form = useSchemaForm<QuantityValues>(SCHEMAS[kind ?? 'fill'], { quantity: null }, (v) => ({ quantity: v.quantity }));
  useEffect(() => {
    if (kind) form.reset({ quantity: null });
  }, [kind, form]);

  const submit = form.handleSubmit(async ({ quantity }) => {
    try {
      const result = await callWorker((worker) => send(worker, quantity ?? 0));
      showToast({ severity: result.status === 'done' ? 'success' : 'info', detail: result.message });
      onDone(result);
      onClose();
    } catch (err) {
      showRefusal(form, err, kind ? texts[kind].failure : '');
    }
  }, showInvalidForm);

  return (
    <FormDialog header={kind ? texts[kind].header : ''} visible={kind !== null} busy={form.formState.isSubmitting} submitLabel={kind ? SUBMIT[kind] : ''} width="26rem" onClose={onClose} onSubmit={submit}>
      <NumberField control={form.control} name="quantity" id="quantity" label={t(label)} step="any" required />
    </FormDialog>
  );
}
