/** Current time as the ISO-8601 text every table stores. */
export function nowIso(): string {
  return new Date().toISOString();
}
