/**
 * Form controls bound to a react-hook-form field: the label, the error beside the field (the
 * form's check or the server's), and the aria wiring (components/Field.tsx). One per kind of input.
 */
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useCallback, useEffect, useRef, type RefCallback } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { Field, dropdownPt, fieldAria } from '../components/Field';

interface BoundField<V extends FieldValues> {
  control: Control<V>;
  name: Path<V>;
  /** The input's id; its label and error are tied to it. */
  id: string;
  label: string;
  hint?: string;
  required?: boolean;
}

function useBound<V extends FieldValues>({ control, name }: BoundField<V>) {
  const { field, fieldState } = useController({ control, name });
  return { field, error: fieldState.error?.message ?? null };
}

export function TextField<V extends FieldValues>(props: BoundField<V> & { type?: 'text' | 'date' | 'email'; placeholder?: string; max?: string }) {
  const { field, error } = useBound(props);
  const { id, label, hint, required, type = 'text', placeholder, max } = props;
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <InputText
        id={id}
        type={type}
        name={field.name}
        value={(field.value as string | null) ?? ''}
        onChange={(e) => field.onChange(e.target.value)}
        onBlur={field.onBlur}
        ref={field.ref}
        placeholder={placeholder}
        max={max}
        required={required}
        invalid={Boolean(error)}
        {...fieldAria(id, error, Boolean(hint))}
      />
    </Field>
  );
}

export function TextAreaField<V extends FieldValues>(props: BoundField<V> & { rows?: number; placeholder?: string }) {
  const { field, error } = useBound(props);
  const { id, label, hint, required, rows = 4, placeholder } = props;
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <InputTextarea
        id={id}
        name={field.name}
        rows={rows}
        value={(field.value as string | null) ?? ''}
        onChange={(e) => field.onChange(e.target.value)}
        onBlur={field.onBlur}
        ref={field.ref}
        placeholder={placeholder}
        required={required}
        invalid={Boolean(error)}
        {...fieldAria(id, error, Boolean(hint))}
      />
    </Field>
  );
}

/**
 * A number typed into the browser's own number input (the phone's keypad): whole by default, or any
 * with `step="any"`; kept as a number, or null when empty, so the schema check says what is wrong.
 */
export function NumberField<V extends FieldValues>(props: BoundField<V> & { min?: number; max?: number; step?: number | 'any' }) {
  const { field, error } = useBound(props);
  const { id, label, hint, required, min, max, step = 1 } = props;
  const value = field.value as number | null;
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <InputText
        id={id}
        type="number"
        inputMode={step === 1 ? 'numeric' : 'decimal'}
        step={step}
        min={min}
        max={max}
        name={field.name}
        value={value === null || value === undefined || Number.isNaN(value) ? '' : String(value)}
        onChange={(e) => field.onChange(e.target.value.trim() === '' ? null : Number(e.target.value))}
        onBlur={field.onBlur}
        ref={field.ref}
        required={required}
        invalid={Boolean(error)}
        {...fieldAria(id, error, Boolean(hint))}
      />
    </Field>
  );
}

export function ChoiceField<V extends FieldValues>(props: BoundField<V> & { options: { label: string; value: number | string }[]; placeholder: string }) {
  const { field, error } = useBound(props);
  const { id, label, hint, required, options, placeholder } = props;
  // A chosen value no longer offered (a remembered location that was removed) shows as none.
  const value = options.some((o) => o.value === field.value) ? (field.value as number | string) : null;
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <Dropdown
        inputId={id}
        pt={dropdownPt(label)}
        value={value}
        options={options}
        onChange={(e) => field.onChange((e.value as number | string | null) ?? null)}
        onBlur={field.onBlur}
        focusInputRef={field.ref}
        placeholder={placeholder}
        required={required}
        invalid={Boolean(error)}
        filter={options.length > 12}
        {...fieldAria(id, error, Boolean(hint))}
      />
    </Field>
  );
}

/**
 * One file chosen with the browser's own picker (an asset's thumbnail), kept as the File itself or
 * null; `accept` only guides the picker, so the screen checks the type before sending.
 */
/**
 * The ref of a file input whose chosen files follow the form: the browser keeps a file input's
 * choice in the element, beyond the form's reach, so once the form's value is empty again (the form
 * started over after a send) the element's choice is cleared too.
 */
export function useFileInput(formRef: RefCallback<HTMLInputElement>, empty: boolean): RefCallback<HTMLInputElement> {
  const input = useRef<HTMLInputElement | null>(null);
  useEffect(() => {
    if (empty && input.current) input.current.value = '';
  }, [empty]);
  return useCallback(
    (element: HTMLInputElement | null) => {
      input.current = element;
      formRef(element);
    },
    [formRef],
  );
}

export function FileField<V extends FieldValues>(props: BoundField<V> & { accept: string }) {
  const { field, error } = useBound(props);
  const { id, label, hint, required, accept } = props;
  const ref = useFileInput(field.ref, !field.value);
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <input
        id={id}
        className="file-input"
        type="file"
        accept={accept}
        name={field.name}
        onChange={(e) => field.onChange(e.target.files?.[0] ?? null)}
        onBlur={field.onBlur}
        ref={ref}
        required={required}
        {...fieldAria(id, error, Boolean(hint))}
      />
    </Field>
  );
}
