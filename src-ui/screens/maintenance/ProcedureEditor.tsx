/**
 * The procedure part of the task forms (docs/decisions.md: Procedures on maintenance tasks): an
 * ordered list of steps, each a check, a reading (unit, minimum, maximum, and a meter it is also a
 * reading of), a text answer or a photo,
 * with a label and a required flag; steps are added, removed and moved up or down. Problems show
 * beside their box in the shared rule's words (procedure-form.ts), as the server would say them.
 */
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { useController, useFieldArray, type Control, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { PROCEDURE_MAX_STEPS, STEP_KINDS, STEP_KIND_LABELS } from '../../../shared/rules/procedure';
import { msg } from '../../../shared/i18n/translate';
import { useT } from '../../i18n/language';
import { ChoiceField, TextField } from '../../kit/FormFields';
import { meterOptions, useMeterChoices } from './meter-options';
import { newStep, type StepValues } from './procedure-form';

/** A form that holds a procedure under `steps`. */
export interface WithSteps extends FieldValues {
  steps: StepValues[];
}

function RequiredBox<V extends WithSteps>({ control, name, id }: { control: Control<V>; name: FieldPath<V>; id: string }) {
  const t = useT();
  const { field } = useController({ control, name });
  return (
    <div className="field-checkbox">
      <Checkbox inputId={id} checked={Boolean(field.value)} onChange={(e) => field.onChange(Boolean(e.checked))} onBlur={field.onBlur} inputRef={field.ref} />
      <label htmlFor={id}>{t('Required')}</label>
    </div>
  );
}

export function ProcedureEditor<V extends WithSteps>({ form, idPrefix }: { form: UseFormReturn<V>; idPrefix: string }) {
  const t = useT();
  // Typed for this form's one list: react-hook-form's generics cannot see `steps` through V.
  const control = form.control as unknown as Control<WithSteps>;
  // Each row keyed by react-hook-form's own key, so a step's own `id` stays its value.
  const { fields, append, remove, move } = useFieldArray({ control, name: 'steps', keyName: 'rowKey' });
  const kinds = form.watch('steps' as FieldPath<V>) as StepValues[] | undefined;
  const listError = (form.formState.errors as { steps?: { message?: string; root?: { message?: string } } }).steps;
  const listMessage = listError?.message ?? listError?.root?.message ?? null;
  const meters = meterOptions(useMeterChoices(), t('None'));
  const kindOptions = STEP_KINDS.map((kind) => ({ label: t(STEP_KIND_LABELS[kind]), value: kind }));

  return (
    <fieldset className="procedure-editor">
      <legend>{t('Procedure')}</legend>
      <p className="field-hint">{t('Steps to answer when the task is completed, in order. A failed check or a reading outside its range opens a follow-up work order.')}</p>
      {fields.length === 0 ? <p className="empty-text">{t('No steps.')}</p> : null}
      <ol className="procedure-steps">
        {fields.map((row, index) => {
          const id = (part: string) => `${idPrefix}-step-${row.rowKey}-${part}`;
          const name = (part: keyof StepValues) => `steps.${index}.${part}` as const;
          const isReading = kinds?.[index]?.kind === 'reading';
          return (
            <li key={row.rowKey}>
              <fieldset className="procedure-step">
                <legend>{t('Step {n}', { n: index + 1 })}</legend>
                <ChoiceField control={control} name={name('kind')} id={id('kind')} label={msg('Kind')} options={kindOptions} placeholder={t('Choose a kind')} />
                <TextField control={control} name={name('label')} id={id('label')} label={msg('Label')} placeholder={t('What to check, read or note')} required />
                {isReading ? (
                  <div className="procedure-range">
                    <TextField control={control} name={name('unit')} id={id('unit')} label={msg('Unit')} placeholder={t('Optional, e.g. psi')} />
                    <TextField control={control} name={name('min')} id={id('min')} label={msg('Minimum')} placeholder={t('Optional')} />
                    <TextField control={control} name={name('max')} id={id('max')} label={msg('Maximum')} placeholder={t('Optional')} />
                  </div>
                ) : null}
                {isReading && meters.length > 1 ? (
                  <ChoiceField control={control} name={name('meter_id')} id={id('meter')} label={msg('Meter')} hint={msg('Optional: the answer is also a reading of this meter.')} options={meters} placeholder={t('None')} />
                ) : null}
                <RequiredBox control={control} name={name('required')} id={id('required')} />
                <div className="button-row">
                  <Button type="button" label={t('Up')} icon="pi pi-arrow-up" size="small" outlined disabled={index === 0} onClick={() => move(index, index - 1)} aria-label={t('Move step {n} up', { n: index + 1 })} />
                  <Button
                    type="button"
                    label={t('Down')}
                    icon="pi pi-arrow-down"
                    size="small"
                    outlined
                    disabled={index === fields.length - 1}
                    onClick={() => move(index, index + 1)}
                    aria-label={t('Move step {n} down', { n: index + 1 })}
                  />
                  <Button type="button" label={t('Remove')} icon="pi pi-times" size="small" severity="danger" outlined onClick={() => remove(index)} aria-label={t('Remove step {n}', { n: index + 1 })} />
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      {listMessage ? (
        <small className="field-error" role="alert">
          {listMessage}
        </small>
      ) : null}
      <Button type="button" label={t('Add step')} icon="pi pi-plus" outlined disabled={fields.length >= PROCEDURE_MAX_STEPS} onClick={() => append(newStep())} />
    </fieldset>
  );
}
