/**
 * Parts used on a work order (docs/decisions.md: What the work costs): what was issued to it from the
 * shelf of its location and returned, and Use Part to issue or return more, sent now or queued and
 * sent once. An issue is never refused for stock (two devices may each take the last unit offline);
 * the form warns first when the known quantity on hand is short. Unit costs and costs show for
 * full-access users only (the server sends them to no one else).
 */
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { RadioButton } from 'primereact/radiobutton';
import { useEffect, useState } from 'react';
import type { Part } from '../../../shared/api/parts';
import { PART_MOVE_MAX, PART_MOVE_MESSAGES, PartMoveForm, type WorkOrderPart } from '../../../shared/api/stock-ledger';
import type { WorkOrder } from '../../../shared/api/workorders';
import { NOT_FOUND_MESSAGES, SCREEN_MESSAGES } from '../../../shared/data/messages';
import { msg } from '../../../shared/i18n/translate';
import { brandAndName, formatDateTime, formatPrice, formatQuantity, fullName } from '../../format/display';
import { FormDialog } from '../../kit/FormDialog';
import { ChoiceField, NumberField } from '../../kit/FormFields';
import { showInvalidForm, showRefusal, startOver, useSchemaForm } from '../../kit/form';
import { EntriesSection } from '../../kit/EntriesSection';
import { usePendingActions } from '../../kit/StatusActions';
import { isAssignedTo } from '../../kit/status-rules';
import { useT } from '../../i18n/language';
import { callWorker } from '../../state/bridge';
import { useCurrentUser, useSynced, useWorkerRead } from '../../state/hooks';
import { showToast } from '../../state/toasts';

export const PARTS_USED_TEXTS = {
  title: msg('Parts'),
  use: msg('Use Part'),
  issueAnyway: msg('Issue Anyway'),
} as const;

export function PartsUsedSection({ order, onChanged }: { order: WorkOrder; onChanged: () => void }) {
  const t = useT();
  const user = useCurrentUser();
  const full = Boolean(user?.full_feature_access);
  const moves = useWorkerRead(`partmoves|${order.id}`, (worker) => worker.partmoves.ofOrder(order.id));
  const pending = usePendingActions('partmoves', order.id);
  useSynced('partmoves', String(order.id), () => void moves.reload());
  useSynced('workorders', String(order.id), () => void moves.reload());
  const [using, setUsing] = useState(false);
  const completed = order.status === 'Completed';
  const mayUse = full || (!completed && user !== null && isAssignedTo(order, user.id));

  return (
    <EntriesSection
      id={`parts-used-${order.id}`}
      className="parts-used"
      texts={{ title: PARTS_USED_TEXTS.title, loading: msg('Loading the parts...'), empty: NOT_FOUND_MESSAGES.partmoves.list, failure: SCREEN_MESSAGES.partmoves.load }}
      entries={moves.result?.data}
      error={moves.error}
      pending={pending.length > 0}
      entryClass="part-move"
      entry={(move) => (
        <span>
          {move.kind === 'issue'
            ? t('Issued {quantity} × {part} ({itemNumber}) · {user} · {when}', moveValues(move))
            : t('Returned {quantity} × {part} ({itemNumber}) · {user} · {when}', moveValues(move))}
          {full && move.cost !== null ? ` · ${formatPrice(move.cost)}` : ''}
        </span>
      )}
      actions={mayUse ? <Button type="button" label={t(PARTS_USED_TEXTS.use)} icon="pi pi-box" outlined size="small" onClick={() => setUsing(true)} /> : null}
      footer={full && order.costs ? t('Parts total: {cost}', { cost: formatPrice(order.costs.parts_cost) }) : null}
    >
      <UsePartDialog
        order={order}
        open={using}
        onClose={() => setUsing(false)}
        onDone={() => {
          void moves.reload();
          onChanged();
        }}
      />
    </EntriesSection>
  );
}

/** A part move's values in its line: the quantity, the part, who and when. */
function moveValues(move: WorkOrderPart) {
  return { quantity: formatQuantity(move.quantity), part: move.part.name, itemNumber: move.part.item_number, user: fullName(move.user), when: formatDateTime(move.created_at) };
}

interface MoveValues {
  part_id: number | null;
  quantity: number | null;
}

const NO_MOVE: MoveValues = { part_id: null, quantity: 1 };
const wholeUnits = (v: MoveValues): Record<string, string> => (v.quantity === null || !Number.isInteger(v.quantity) || v.quantity < 1 || v.quantity > PART_MOVE_MAX ? { quantity: PART_MOVE_MESSAGES.quantity } : {});

function UsePartDialog({ order, open, onClose, onDone }: { order: WorkOrder; open: boolean; onClose: () => void; onDone: () => void }) {
  const t = useT();
  const [choices, setChoices] = useState<Part[] | null>(null);
  const [kind, setKind] = useState<'issue' | 'return'>('issue');
  const [warned, setWarned] = useState(false);
  const form = useSchemaForm<MoveValues>(PartMoveForm, NO_MOVE, (v) => ({ part_id: v.part_id, quantity: v.quantity }), wholeUnits);

  useEffect(() => {
    if (!open) return;
    let current = true;
    callWorker((worker) => worker.partmoves.partsAt(order.location_id)).then(
      (parts) => current && setChoices(parts),
      () => current && setChoices([]),
    );
    return () => {
      current = false;
    };
  }, [open, order.location_id]);

  // Any change after the warning asks again.
  const [partId, quantity] = form.watch(['part_id', 'quantity']);
  useEffect(() => setWarned(false), [partId, quantity, kind]);

  const close = () => {
    startOver(form, NO_MOVE);
    setKind('issue');
    onClose();
  };
  const part = choices?.find((p) => p.id === partId) ?? null;
  // The known quantity on hand is short: said once before the issue goes (never refused for it).
  const short = kind === 'issue' && part !== null && quantity !== null && quantity > part.quantity;

  const submit = form.handleSubmit(async (values) => {
    if (short && !warned) {
      setWarned(true);
      return;
    }
    const partName = part ? brandAndName(part.brand.brand, part.name.name) : t('Part #{id}', { id: String(values.part_id) });
    try {
      const result = await callWorker((worker) => worker.partmoves.move(order.id, { partId: values.part_id!, partName, quantity: values.quantity!, kind }));
      showToast({ severity: result.status === 'done' ? 'success' : 'info', detail: result.message });
      onDone();
      close();
    } catch (err) {
      showRefusal(form, err, SCREEN_MESSAGES.partmoves.move);
    }
  }, showInvalidForm);

  const options = (choices ?? []).map((p) => ({ label: t('{part} ({itemNumber}): {quantity} on hand', { part: brandAndName(p.brand.brand, p.name.name), itemNumber: p.item_number, quantity: formatQuantity(p.quantity) }), value: p.id }));
  return (
    <FormDialog
      header={PARTS_USED_TEXTS.use}
      visible={open}
      busy={form.formState.isSubmitting}
      submitLabel={short && warned ? PARTS_USED_TEXTS.issueAnyway : PARTS_USED_TEXTS.use}
      busyLabel={msg('Sending...')}
      width="26rem"
      onClose={close}
      onSubmit={submit}
    >
      <fieldset className="procedure-answer">
        <legend>{t('Issue or return')}</legend>
        <div className="procedure-choice">
          {(['issue', 'return'] as const).map((value) => (
            <span key={value} className="field-radiobutton">
              <RadioButton inputId={`part-move-${value}`} name="part-move-kind" value={value} checked={kind === value} onChange={() => setKind(value)} />
              <label htmlFor={`part-move-${value}`}>{value === 'issue' ? t('Issue from the shelf') : t('Return to the shelf')}</label>
            </span>
          ))}
        </div>
      </fieldset>
      <ChoiceField
        control={form.control}
        name="part_id"
        id="part-move-part"
        label={msg('Part')}
        options={options}
        placeholder={choices === null ? t('Loading the parts...') : choices.length === 0 ? t('No parts at this location') : t('Choose a part')}
        required
      />
      <NumberField control={form.control} name="quantity" id="part-move-quantity" label={msg('Quantity')} min={1} max={PART_MOVE_MAX} step={1} required />
      {short && warned && part ? <Message severity="warn" text={PART_MOVE_MESSAGES.moreThanOnHand(part.quantity)} /> : null}
    </FormDialog>
  );
}
