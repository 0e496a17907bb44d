/**
 * Create Maintenance Task and Update Maintenance (spec 2, 5): location, description, recurrence
 * interval (days) and last completed date required, task notes optional; "Created By" is the
 * signed-in user on create. Both are queued while offline (spec 4). An update sends only the
 * fields the user changed, based on the version the form was opened on: when someone changed the
 * task meanwhile the server refuses it, the form says who and when, takes their changes into the
 * fields the user did not touch, keeps the user's own, and a second Save applies them.
 */
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useEffect, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useLocation } from 'wouter';
import { STALE_VERSION_CODE } from '../../../shared/api/common';
import { RECURRENCE_INTERVAL_MAX, TaskForm, type MaintenanceTask, type TaskPatchBody } from '../../../shared/api/maintenance';
import type { NewTask } from '../../../shared/areas/maintenance';
import { NOT_FOUND_MESSAGES, SCREEN_MESSAGES, messageForScreen } from '../../../shared/data/messages';
import { Field } from '../../components/Field';
import { LinkButton } from '../../components/LinkButton';
import { PageError } from '../../components/PageError';
import { WarningNotice } from '../../components/Notices';
import { fullName } from '../../format/display';
import { ChoiceField, NumberField, TextAreaField, TextField } from '../../kit/FormFields';
import { showInvalidForm, showRefusal, useSchemaForm } from '../../kit/form';
import { originListUrl, positiveInt, rememberedLocation } from '../../kit/list-query';
import { callWorker } from '../../state/bridge';
import { toDataError } from '../../state/errors';
import { useCurrentUser, useWorkerRead } from '../../state/hooks';
import { showToast } from '../../state/toasts';
import { MAINTENANCE_LIST } from './maintenance-list';

interface TaskValues {
  location_id: number | null;
  description: string;
  recurrence_interval: number | null;
  last_completed_date: string;
  task_notes: string;
}

type TaskBody = Omit<NewTask, 'created_by'>;

function toBody(values: TaskValues): TaskBody {
  return {
    location_id: values.location_id ?? 0,
    description: values.description.trim(),
    recurrence_interval: values.recurrence_interval ?? 0,
    last_completed_date: values.last_completed_date,
    task_notes: values.task_notes.trim() || null,
  };
}

/** What the form's check sees: empty fields as empty (so they read "This field is required."). */
function toChecked(values: TaskValues): Record<string, unknown> {
  return { ...toBody(values), location_id: values.location_id, recurrence_interval: values.recurrence_interval };
}

function valuesOf(task: MaintenanceTask): TaskValues {
  return {
    location_id: task.location.id,
    description: task.description.full_description,
    recurrence_interval: task.recurrence_interval,
    last_completed_date: task.last_completed_date ?? '',
    task_notes: task.task_notes ?? '',
  };
}

/** The server names the location `location` when that is what it was sent as; the form calls it location_id. */
const ALIASES = { location: 'location_id' } as const;

function TaskFields({ form, idPrefix }: { form: UseFormReturn<TaskValues>; idPrefix: string }) {
  const locations = useWorkerRead('locations', (api) => api.locations.all());
  const options = (locations.result?.data ?? []).map((l) => ({ label: l.name, value: l.id }));
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <>
      {locations.error && !locations.result ? <WarningNotice text={messageForScreen(locations.error, SCREEN_MESSAGES.locations.loadList)} /> : null}
      <ChoiceField control={form.control} name="location_id" id={id('location')} label="Location" options={options} placeholder="Select a location" required />
      <TextAreaField control={form.control} name="description" id={id('description')} label="Description" rows={4} placeholder="What needs doing" required />
      <NumberField
        control={form.control}
        name="recurrence_interval"
        id={id('interval')}
        label="Recurrence Interval (days)"
        hint="7 is weekly, 30 monthly, 90 quarterly, 365 yearly."
        min={1}
        max={RECURRENCE_INTERVAL_MAX}
        required
      />
      <TextField control={form.control} name="last_completed_date" id={id('last-completed')} label="Last Completed Date" type="date" required />
      <TextAreaField control={form.control} name="task_notes" id={id('notes')} label="Task Notes" rows={3} placeholder="Optional" />
    </>
  );
}

function FormHeader({ title, back }: { title: string; back: string }) {
  return (
    <div className="page-header">
      <h1>{title}</h1>
      <LinkButton href={back} label="Back" icon="pi pi-arrow-left" outlined />
    </div>
  );
}

export function MaintenanceCreatePage() {
  const user = useCurrentUser();
  const [, navigate] = useLocation();
  const form = useSchemaForm<TaskValues>(
    TaskForm,
    { location_id: rememberedLocation(MAINTENANCE_LIST), description: '', recurrence_interval: null, last_completed_date: '', task_notes: '' },
    toChecked,
  );

  const submit = form.handleSubmit(async (values) => {
    try {
      const result = await callWorker((api) => api.maintenance.create({ ...toBody(values), created_by: null }));
      showToast({ severity: result.status === 'done' ? 'success' : 'info', detail: result.message });
      navigate(result.status === 'done' ? `/maintenance-detail/${result.data.id}` : originListUrl(MAINTENANCE_LIST));
    } catch (err) {
      showRefusal(form, err, SCREEN_MESSAGES.maintenance.create, ALIASES);
    }
  }, showInvalidForm);

  return (
    <section className="narrow">
      <FormHeader title="Create Maintenance Task" back={originListUrl(MAINTENANCE_LIST)} />
      <form className="form panel" onSubmit={(e) => void submit(e)} noValidate>
        <Field id="task-created-by" label="Created By">
          <InputText id="task-created-by" value={fullName(user)} readOnly />
        </Field>
        <TaskFields form={form} idPrefix="task" />
        <Button type="submit" label={form.formState.isSubmitting ? 'Submitting...' : 'Create Maintenance Task'} icon="pi pi-check" disabled={form.formState.isSubmitting} />
      </form>
    </section>
  );
}

/** The changed fields of an edit, as the server names them. */
function changesOf(form: UseFormReturn<TaskValues>, values: TaskValues): TaskPatchBody {
  const body = toBody(values);
  const dirty = form.formState.dirtyFields;
  const changes: TaskPatchBody = {};
  for (const field of Object.keys(body) as (keyof TaskBody)[]) if (dirty[field]) Object.assign(changes, { [field]: body[field] });
  return changes;
}

export function MaintenanceUpdatePage({ params }: { params: { id?: string } }) {
  const id = positiveInt(params.id);
  const [, navigate] = useLocation();
  const detail = useWorkerRead(`maintenance-edit|${params.id ?? ''}`, (api) => api.maintenance.get(id ?? 0));
  // The task as it was when the form was filled: its version is what the edit is based on.
  const [base, setBase] = useState<MaintenanceTask | null>(null);
  const [changedMeanwhile, setChangedMeanwhile] = useState<string | null>(null);
  const form = useSchemaForm<TaskValues>(TaskForm, { location_id: null, description: '', recurrence_interval: null, last_completed_date: '', task_notes: '' }, toChecked);
  const detailPath = `/maintenance-detail/${params.id ?? ''}`;

  // Filled once; later reads of the task never overwrite what the user is typing.
  const loaded = detail.result?.data as MaintenanceTask | undefined;
  useEffect(() => {
    if (loaded && !base) {
      setBase(loaded);
      form.reset(valuesOf(loaded));
    }
  }, [loaded, base, form]);

  const submit = form.handleSubmit(async (values) => {
    if (!base) return;
    const changes = changesOf(form, values);
    if (Object.keys(changes).length === 0) {
      showToast({ severity: 'info', detail: 'Nothing has changed.' });
      return;
    }
    try {
      const result = await callWorker((api) => api.maintenance.update(base.id, { version: base.version, changes }));
      showToast({ severity: result.status === 'done' ? 'success' : 'info', detail: result.message });
      navigate(detailPath);
    } catch (err) {
      const error = toDataError(err);
      if (error.code !== STALE_VERSION_CODE) return showRefusal(form, err, SCREEN_MESSAGES.maintenance.update, ALIASES);
      // Someone saved the task since: take theirs into the untouched fields, keep the user's, rebase.
      setChangedMeanwhile(error.serverMessage ?? error.message);
      try {
        const fresh = await callWorker((api) => api.maintenance.get(base.id));
        setBase(fresh.data);
        form.reset(valuesOf(fresh.data), { keepDirtyValues: true });
      } catch (reloadErr) {
        showRefusal(form, reloadErr, SCREEN_MESSAGES.maintenance.fetchOne);
      }
    }
  }, showInvalidForm);

  let content;
  if (!base) {
    if (id === null || detail.error?.type === 'not_found') content = <p className="empty-text">{NOT_FOUND_MESSAGES.task}</p>;
    else if (detail.error) content = <PageError message={messageForScreen(detail.error, SCREEN_MESSAGES.maintenance.fetchOne)} onRetry={() => void detail.reload()} />;
    else
      content = (
        <p className="empty-text" role="status">
          Loading task...
        </p>
      );
  } else {
    content = (
      <form className="form panel" onSubmit={(e) => void submit(e)} noValidate>
        {changedMeanwhile ? <WarningNotice text={`${changedMeanwhile} Your changes are kept; save again to apply them to the task as it is now.`} /> : null}
        <TaskFields form={form} idPrefix="task-edit" />
        <Button type="submit" label={form.formState.isSubmitting ? 'Saving...' : 'Update Maintenance'} icon="pi pi-check" disabled={form.formState.isSubmitting} />
      </form>
    );
  }

  return (
    <section className="narrow">
      <FormHeader title="Update Maintenance" back={detailPath} />
      {content}
    </section>
  );
}
