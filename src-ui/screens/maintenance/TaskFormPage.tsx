/**
 * Create Maintenance Task and Update Maintenance (behaviour §2, 5): location, description, recurrence
 * interval (days) and last completed date required, task notes optional; "Created By" is the
 * signed-in user on create. Both are queued while offline (behaviour §4). An update sends only the
 * fields the user changed, on the version the form was opened on (kit/versioned-edit.tsx). Below the
 * spec's fields, maintenance by usage (a meter the device keeps and the interval in its units, sent
 * together) and the task's procedure (ProcedureEditor.tsx): its steps are sent when they changed.
 */
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useLocation } from 'wouter';
import { RECURRENCE_INTERVAL_MAX, TaskForm, type MaintenanceTask, type TaskPatchBody } from '../../../shared/api/maintenance';
import type { NewTask } from '../../../shared/areas/maintenance';
import { NOTHING_CHANGED, NOT_FOUND_MESSAGES, SCREEN_MESSAGES } from '../../../shared/data/messages';
import { msg } from '../../../shared/i18n/translate';
import { Field } from '../../components/Field';
import { fullName } from '../../format/display';
import { useT } from '../../i18n/language';
import { FormScreen } from '../../kit/FormScreen';
import { ChoiceField, NumberField, TextAreaField, TextField } from '../../kit/FormFields';
import { showInvalidForm, showRefusal, startOver, useSchemaForm } from '../../kit/form';
import { originListUrl, rememberedLocation } from '../../kit/list-query';
import { useLocationOptions } from '../../kit/location-options';
import { ChangedMeanwhileNotice, RecordLoadGate, changedFields, useVersionedEdit } from '../../kit/versioned-edit';
import { callWorker } from '../../state/bridge';
import { useCurrentUser } from '../../state/hooks';
import { showToast } from '../../state/toasts';
import { MAINTENANCE_LIST } from './maintenance-list';
import { meterOptions, NO_METER, useMeterChoices } from './meter-options';
import { ProcedureEditor } from './ProcedureEditor';
import { procedureErrors, sameSteps, stepsToSend, stepValuesOf, type StepValues } from './procedure-form';
import { TASK_METER_MESSAGES } from '../../../shared/rules/meter-due';
import { optionalText } from '../../../shared/rules/optional-text';

interface TaskValues {
  location_id: number | null;
  description: string;
  recurrence_interval: number | null;
  last_completed_date: string;
  task_notes: string;
  /** NO_METER for a task by days only. */
  meter_id: number;
  meter_interval: number | null;
  steps: StepValues[];
}

const NO_METER_TEXT = msg('None: by days only');

type TaskBody = Omit<NewTask, 'created_by' | 'steps'>;

/** The spec's fields as sent; the steps are judged and sent apart (procedure-form.ts). */
function toBody(values: TaskValues): TaskBody {
  return {
    location_id: values.location_id ?? 0,
    description: values.description.trim(),
    recurrence_interval: values.recurrence_interval ?? 0,
    last_completed_date: values.last_completed_date,
    task_notes: optionalText(values.task_notes),
    meter_id: values.meter_id === NO_METER ? null : values.meter_id,
    meter_interval: values.meter_id === NO_METER ? null : values.meter_interval,
  };
}

/** What the form's check sees: empty fields as empty (so they read "This field is required."). */
function toChecked(values: TaskValues): Record<string, unknown> {
  const { meter_id, meter_interval, ...body } = toBody(values);
  // By usage, the form's check judges the interval as given; none is judged below (taskErrors).
  const meter = meter_id === null ? {} : { meter_id, ...(meter_interval === null ? {} : { meter_interval }) };
  return { ...body, ...meter, location_id: values.location_id, recurrence_interval: values.recurrence_interval };
}

function valuesOf(task: MaintenanceTask): TaskValues {
  return {
    location_id: task.location.id,
    description: task.description.full_description,
    recurrence_interval: task.recurrence_interval,
    last_completed_date: task.last_completed_date ?? '',
    task_notes: task.task_notes ?? '',
    meter_id: task.meter_id ?? NO_METER,
    meter_interval: task.meter_interval,
    steps: stepValuesOf(task.steps ?? []),
  };
}

/** The steps' problems at their boxes, and a meter chosen without its interval, in the words the server would use. */
function taskErrors(values: TaskValues): Record<string, string> {
  const errors = procedureErrors(values.steps);
  if (values.meter_id !== NO_METER && values.meter_interval === null) errors.meter_interval = TASK_METER_MESSAGES.meterWithoutInterval;
  return errors;
}

const EMPTY_TASK: TaskValues = { location_id: null, description: '', recurrence_interval: null, last_completed_date: '', task_notes: '', meter_id: NO_METER, meter_interval: null, steps: [] };

/** Maintenance by usage: the meter, among those the device keeps, and the interval in its units. */
function MeterFields({ form, id }: { form: UseFormReturn<TaskValues>; id: (name: string) => string }) {
  const t = useT();
  const list = useMeterChoices();
  const chosen = useWatch({ control: form.control, name: 'meter_id' });
  const unit = list.find((c) => c.id === chosen)?.unit;
  const options = meterOptions(list, t(NO_METER_TEXT));
  return (
    <>
      <ChoiceField
        control={form.control}
        name="meter_id"
        id={id('meter')}
        label={msg('Meter')}
        hint={msg("Due by use as well as by days, whichever comes first. Add meters on an asset's page.")}
        options={options}
        placeholder={t(NO_METER_TEXT)}
      />
      {chosen !== NO_METER ? (
        <NumberField control={form.control} name="meter_interval" id={id('meter-interval')} label={unit ? t('Meter Interval ({unit})', { unit }) : msg('Meter Interval')} hint={msg('Due again once the meter has counted this much since the last completion.')} min={0} step="any" required />
      ) : null}
    </>
  );
}

/** The server names the location `location` when that is what it was sent as; the form calls it location_id. */
const ALIASES = { location: 'location_id' } as const;

function TaskFields({ form, idPrefix }: { form: UseFormReturn<TaskValues>; idPrefix: string }) {
  const t = useT();
  const { options, warning } = useLocationOptions();
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <>
      {warning}
      <ChoiceField control={form.control} name="location_id" id={id('location')} label={msg('Location')} options={options} placeholder={t('Select a location')} required />
      <TextAreaField control={form.control} name="description" id={id('description')} label={msg('Description')} rows={4} placeholder={t('What needs doing')} required />
      <NumberField
        control={form.control}
        name="recurrence_interval"
        id={id('interval')}
        label={msg('Recurrence Interval (days)')}
        hint={msg('7 is weekly, 30 monthly, 90 quarterly, 365 yearly.')}
        min={1}
        max={RECURRENCE_INTERVAL_MAX}
        required
      />
      <TextField control={form.control} name="last_completed_date" id={id('last-completed')} label={msg('Last Completed Date')} type="date" required />
      <TextAreaField control={form.control} name="task_notes" id={id('notes')} label={msg('Task Notes')} rows={3} placeholder={t('Optional')} />
      <MeterFields form={form} id={id} />
      <ProcedureEditor form={form} idPrefix={idPrefix} />
    </>
  );
}


export function MaintenanceCreatePage() {
  const t = useT();
  const user = useCurrentUser();
  const [, navigate] = useLocation();
  const form = useSchemaForm<TaskValues>(
    TaskForm,
    { ...EMPTY_TASK, location_id: rememberedLocation(MAINTENANCE_LIST) },
    toChecked,
    taskErrors,
  );

  const submit = form.handleSubmit(async (values) => {
    try {
      const result = await callWorker((worker) => worker.maintenance.create({ ...toBody(values), steps: stepsToSend(values.steps), created_by: null }));
      showToast({ severity: result.status === 'done' ? 'success' : 'info', detail: result.message });
      startOver(form);
      navigate(result.status === 'done' ? `/maintenance-detail/${result.data.id}` : originListUrl(MAINTENANCE_LIST));
    } catch (err) {
      showRefusal(form, err, SCREEN_MESSAGES.maintenance.create, ALIASES);
    }
  }, showInvalidForm);

  return (
    <FormScreen title={msg('Create Maintenance Task')} back={originListUrl(MAINTENANCE_LIST)}>
      <form className="form panel" onSubmit={(e) => void submit(e)} noValidate>
        <Field id="task-created-by" label={msg('Created By')}>
          <InputText id="task-created-by" value={fullName(user)} readOnly />
        </Field>
        <TaskFields form={form} idPrefix="task" />
        <Button type="submit" label={form.formState.isSubmitting ? t('Submitting...') : t('Create Maintenance Task')} icon="pi pi-check" disabled={form.formState.isSubmitting} />
      </form>
    </FormScreen>
  );
}

export function MaintenanceUpdatePage({ params }: { params: { id?: string } }) {
  const t = useT();
  const [, navigate] = useLocation();
  const form = useSchemaForm<TaskValues>(TaskForm, EMPTY_TASK, toChecked, taskErrors);
  const edit = useVersionedEdit('maintenance', params.id, (worker, id) => worker.maintenance.get(id), form, valuesOf);
  const detailPath = `/maintenance-detail/${params.id ?? ''}`;

  const submit = form.handleSubmit(async (values) => {
    const base = edit.base;
    if (!base) return;
    const body = toBody(values);
    const changes: TaskPatchBody = changedFields(form, body);
    // A meter and its interval go together (the server takes both or neither).
    if ('meter_id' in changes || 'meter_interval' in changes) Object.assign(changes, { meter_id: body.meter_id, meter_interval: body.meter_interval });
    // The whole procedure goes when any step changed (it is one list, replaced as a whole on the version shown).
    const steps = stepsToSend(values.steps);
    if (!sameSteps(steps, base.steps ?? [])) changes.steps = steps;
    if (Object.keys(changes).length === 0) {
      showToast({ severity: 'info', detail: NOTHING_CHANGED });
      return;
    }
    try {
      const result = await callWorker((worker) => worker.maintenance.update(base.id, { version: base.version, changes }));
      showToast({ severity: result.status === 'done' ? 'success' : 'info', detail: result.message });
      // What was saved is the form's new starting point: nothing is left to send again.
      startOver(form, values);
      navigate(detailPath);
    } catch (err) {
      await edit.refused(err, { failure: SCREEN_MESSAGES.maintenance.update, fetchFailure: SCREEN_MESSAGES.maintenance.fetchOne }, ALIASES);
    }
  }, showInvalidForm);

  return (
    <FormScreen title={msg('Update Maintenance')} back={detailPath}>
      <RecordLoadGate read={edit.read} ready={edit.base !== null} texts={{ notFound: NOT_FOUND_MESSAGES.maintenance.one, failure: SCREEN_MESSAGES.maintenance.fetchOne, loading: msg('Loading task...') }}>
        <form className="form panel" onSubmit={(e) => void submit(e)} noValidate>
          <ChangedMeanwhileNotice text={edit.changedMeanwhile} />
          <TaskFields form={form} idPrefix="task-edit" />
          <Button type="submit" label={form.formState.isSubmitting ? t('Saving...') : t('Update Maintenance')} icon="pi pi-check" disabled={form.formState.isSubmitting} />
        </form>
      </RecordLoadGate>
    </FormScreen>
  );
}
