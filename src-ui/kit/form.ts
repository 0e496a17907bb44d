/**
 * The form pattern: react-hook-form keeps what is typed (nothing is lost on an error), and the
 * schema of `shared/api` checks it before sending, in the server's words (schema-check.ts). After a
 * refusal the server's field errors are shown beside their fields, and anything else in a toast with
 * the screen's fallback (behaviour §8: 403 and 404 are not notified).
 */
import type { TObject } from '@sinclair/typebox';
import { useForm, type DefaultValues, type FieldErrors, type FieldValues, type Path, type Resolver, type UseFormReturn } from 'react-hook-form';
import { schemaFieldErrors } from '../../shared/api/schema-check';
import { ERROR_MESSAGES, messageForScreen } from '../../shared/data/messages';
import { t } from '../../shared/i18n/translate';
import { toDataError } from '../state/errors';
import { showToast } from '../state/toasts';

/**
 * A form's own rule beyond its schema (a task's steps: shared/rules/procedure.ts), as messages by
 * field path (`steps.1.label`), the server's words for the same fields.
 */
export type MoreChecks<V> = (values: V) => Record<string, string>;

/** An error put at a dotted path (`steps.1.label`), as react-hook-form keeps the errors of a field array. */
function setAt(target: Record<string, unknown>, path: string, error: { type: string; message: string }): void {
  const keys = path.split('.');
  let node = target;
  keys.slice(0, -1).forEach((key, i) => {
    const next = node[key];
    if (typeof next !== 'object' || next === null) node[key] = /^\d+$/.test(keys[i + 1] ?? '') ? [] : {};
    node = node[key] as Record<string, unknown>;
  });
  node[keys.at(-1)!] ??= error;
}

/** Checks the body a form would send (`toBody` of its values) against `schema`, and `more` when given. */
export function schemaResolver<V extends FieldValues>(schema: TObject, toBody: (values: V) => Record<string, unknown>, more?: MoreChecks<V>): Resolver<V> {
  return (values) => {
    const errors = { ...schemaFieldErrors(schema, toBody(values)), ...more?.(values) };
    if (Object.keys(errors).length === 0) return { values, errors: {} };
    const fieldErrors: Record<string, unknown> = {};
    for (const [field, message] of Object.entries(errors)) setAt(fieldErrors, field, { type: 'schema', message });
    return { values: {}, errors: fieldErrors as FieldErrors<V> };
  };
}

export function useSchemaForm<V extends FieldValues>(schema: TObject, defaultValues: DefaultValues<V>, toBody: (values: V) => Record<string, unknown>, more?: MoreChecks<V>): UseFormReturn<V> {
  return useForm<V>({ defaultValues, resolver: schemaResolver(schema, toBody, more), mode: 'onSubmit', reValidateMode: 'onChange' });
}

/**
 * A write was sent or queued: the form starts over (from its defaults, or from `values`) before the
 * screen moves on. The screen can outlive the move: a Back pressed before the next screen is drawn
 * returns to the same mounted form (app/shown-address.tsx), which must then be empty, never hold
 * (and send again) what was already sent. Called inside the submit handler, before navigating.
 */
export function startOver<V extends FieldValues>(form: UseFormReturn<V>, values?: DefaultValues<V>): void {
  form.reset(values);
}

/** Said when the form's own check fails (behaviour §8's validation text). */
export function showInvalidForm(): void {
  showToast({ severity: 'error', detail: t(ERROR_MESSAGES.validation) });
}

/**
 * A refused write: each field error the server named is put beside its field (`aliases` maps the
 * server's name to the form's, e.g. `location` → `location_id`); the rest is said in a toast, with
 * `fallback` (English, the catalogue's id) in the active language when the refusal has no text.
 */
export function showRefusal<V extends FieldValues>(form: UseFormReturn<V>, err: unknown, fallback: string, aliases: Record<string, Path<V>> = {}): void {
  const error = toDataError(err);
  const fields = Object.keys(form.getValues()) as Path<V>[];
  let placed = false;
  for (const [name, messages] of Object.entries(error.fields ?? {})) {
    // A field of a list (`steps.1.label`) is placed when its list is one of the form's fields.
    const top = name.split('.')[0] as Path<V>;
    const field = aliases[name] ?? (fields.includes(top) ? (name as Path<V>) : null);
    if (field && messages[0]) {
      form.setError(field, { type: 'server', message: messages[0] }, { shouldFocus: !placed });
      placed = true;
    }
  }
  if (error.shouldNotify) showToast({ severity: 'error', detail: placed ? t(ERROR_MESSAGES.validation) : messageForScreen(err, t(fallback)) });
}
