/**
 * The one rule for an optional text field (field notes, a note on a procedure answer, an optional
 * description): surrounding white space is dropped, and nothing left is no value (null). The worker
 * applies it where it stores a write and the server where it takes one, so a queued write and the
 * same write sent at once store the same thing.
 */
export function optionalText(value: string | undefined | null): string | null {
  const text = (value ?? '').trim();
  return text ? text : null;
}
