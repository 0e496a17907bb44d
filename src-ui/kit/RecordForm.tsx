/**
 * The create and update screens of a plain record (locations, vendors): a list of fields, checked
 * against the `shared/api` schema before sending, the server's field errors beside their fields,
 * and on success the record's detail. An update first reads the record (saved data offline) and
 * fills the form once; a later read never overwrites what is being typed.
 */
import type { TObject } from '@sinclair/typebox';
import { Button } from 'primereact/button';
import { useEffect, useState } from 'react';
import type { DefaultValues, FieldValues, Path } from 'react-hook-form';
import { useLocation } from 'wouter';
import type { MutationResult } from '../../shared/data/protocol';
import { useT } from '../i18n/language';
import { callWorker, type WorkerRemote } from '../state/bridge';
import { showToast } from '../state/toasts';
import type { ReadState } from '../state/hooks';
import { ChoiceField, TextAreaField, TextField } from './FormFields';
import { FormScreen } from './FormScreen';
import { showInvalidForm, showRefusal, startOver, useSchemaForm } from './form';
import { RecordLoadGate } from './versioned-edit';

/** A field of the form; its texts are English (the catalogue's ids, `msg('…')`), said here. */
export interface FieldSpec<V> {
  name: Path<V>;
  label: string;
  required?: boolean;
  /** A closed choice (e.g. a location type); otherwise a text box. */
  options?: { label: string; value: string | number }[];
  multiline?: boolean;
  placeholder?: string;
}

interface RecordFormProps<V extends FieldValues, T extends { id: number }> {
  title: string;
  submitLabel: string;
  back: string;
  /** Prefix of the inputs' ids. */
  idPrefix: string;
  fields: readonly FieldSpec<V>[];
  schema: TObject;
  empty: DefaultValues<V>;
  /** What is sent (and checked) for the typed values: text trimmed, optional blanks as null. */
  toBody: (values: V) => Record<string, unknown>;
  send: (worker: WorkerRemote, body: Record<string, unknown>) => Promise<MutationResult<T>>;
  /** The screen's fallback when the server refuses without a text of its own. */
  failure: string;
  /** Where to go once saved. */
  detailPath: (record: T) => string;
  /** For an update: the record read first, and its values for the form. */
  load?: { read: ReadState<T>; valuesOf: (record: T) => DefaultValues<V>; notFound: string; failure: string };
}

export function RecordFormScreen<V extends FieldValues, T extends { id: number }>(props: RecordFormProps<V, T>) {
  const { title, submitLabel, back, idPrefix, fields, schema, empty, toBody, send, failure, detailPath, load } = props;
  const t = useT();
  const [, navigate] = useLocation();
  const form = useSchemaForm<V>(schema, empty, toBody);
  const [filled, setFilled] = useState(!load);
  const loaded = load?.read.result?.data;
  useEffect(() => {
    if (load && loaded && !filled) {
      form.reset(load.valuesOf(loaded));
      setFilled(true);
    }
  }, [load, loaded, filled, form]);

  const submit = form.handleSubmit(async (values) => {
    try {
      const result = await callWorker((worker) => send(worker, toBody(values)));
      showToast({ severity: result.status === 'done' ? 'success' : 'info', detail: result.message });
      // A saved update stays the form's content; a new record's form starts empty.
      startOver(form, load ? (values as DefaultValues<V>) : undefined); // full values are defaults; the generic V hides it
      if (result.status === 'done') navigate(detailPath(result.data));
    } catch (err) {
      showRefusal(form, err, failure);
    }
  }, showInvalidForm);

  const content = (
    <form className="form panel" onSubmit={(e) => void submit(e)} noValidate>
      {fields.map((f) => {
        const label = t(f.label);
        const placeholder = f.placeholder === undefined ? undefined : t(f.placeholder);
        const common = { control: form.control, name: f.name, id: `${idPrefix}-${String(f.name).replace(/_/g, '-')}`, label, required: f.required };
        if (f.options) {
          const options = f.options.map((o) => ({ label: t(o.label), value: o.value }));
          return <ChoiceField key={f.name} {...common} options={options} placeholder={placeholder ?? t('Select {field}', { field: label.toLowerCase() })} />;
        }
        if (f.multiline) return <TextAreaField key={f.name} {...common} rows={3} placeholder={placeholder} />;
        return <TextField key={f.name} {...common} placeholder={placeholder} />;
      })}
      <Button type="submit" label={form.formState.isSubmitting ? t('Submitting...') : t(submitLabel)} icon="pi pi-check" disabled={form.formState.isSubmitting} />
    </form>
  );

  return (
    <FormScreen title={title} back={back}>
      {load ? (
        <RecordLoadGate read={load.read} ready={filled} texts={load}>
          {content}
        </RecordLoadGate>
      ) : (
        content
      )}
    </FormScreen>
  );
}
