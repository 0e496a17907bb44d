/** Decimal places of a number as typed (realm-free: the forms and the server use the same test). */

/**
 * Whether `value` has at most `places` decimal places. A number typed with that many places
 * (`2.35`) passes exactly: scaled, rounded and scaled back it is the same double again; one with
 * more (`2.355`, `1e-300`) does not.
 */
export function hasAtMostDecimalPlaces(value: number, places: number): boolean {
  if (!Number.isFinite(value)) return false;
  const scale = 10 ** places;
  return Math.round(value * scale) / scale === value;
}
