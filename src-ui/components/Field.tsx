/** A labelled form field with its error text, wired for screen readers. */
import type { ReactNode } from 'react';
import { msg } from '../../shared/i18n/translate';
import { useT } from '../i18n/language';

/**
 * A field's error, announced when it appears; `fieldAria` points the input at it. The error is said
 * in the active language (a screen's marked text, REQUIRED_TEXT, or the server's: a text no catalogue
 * holds shows as it is).
 */
export function FieldError({ id, error }: { id: string; error?: string | null }) {
  const t = useT();
  return error ? (
    <small id={`${id}-error`} className="field-error" role="alert">
      {t(error)}
    </small>
  ) : null;
}

/** `label` and `hint` are said in the active language: a caller's t() or a marked text both work. */
export function Field({ id, label, error, hint, children }: { id: string; label: string; error?: string | null; hint?: string; children: ReactNode }) {
  const t = useT();
  return (
    <div className="field">
      <label htmlFor={id}>{t(label)}</label>
      {children}
      {hint ? (
        <small id={`${id}-hint`} className="field-hint">
          {t(hint)}
        </small>
      ) : null}
      <FieldError id={id} error={error} />
    </div>
  );
}

/** aria attributes for the control inside a Field. */
export function fieldAria(id: string, error?: string | null, hint?: boolean) {
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined } as const;
}

/** A required field left empty (the server's own wording for the same case). */
export const REQUIRED_TEXT = msg('This field is required.');

/**
 * PrimeReact's Dropdown keeps a hidden native <select> for forms; it gets the field's label too, and
 * stays hidden from assistive technology (the visible combobox input carries the label). While
 * focused, Dropdown 10 also puts `aria-activedescendant` naming no element on its role-less root
 * (axe: critical); the combobox input already says which option is active, so the root's is dropped.
 */
export function dropdownPt(label: string) {
  return { root: { 'aria-activedescendant': undefined }, select: { 'aria-label': label, 'aria-hidden': true } } as const;
}
