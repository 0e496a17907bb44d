/**
 * Money (docs/decisions.md: What the work costs): kept as whole cents, so sums are exact on both
 * engines and in JavaScript; the API shows currency units as JSON numbers with at most 2 decimals.
 */

/** Cents as the API shows them: 1234 → 12.34 (the nearest double, which prints with at most 2 decimals). */
export function centsToUnits(cents: number): number {
  return cents / 100;
}

/** Units with at most 2 decimals (checked before) as whole cents: 12.34 → 1234, whatever the binary error of 12.34 × 100. */
export function unitsToCents(units: number): number {
  return Math.round(units * 100);
}

/**
 * What `minutes` of work at `rateCents` an hour cost, to the cent (half a cent up). The server's
 * sum over a work order's entries rounds each entry the same way (labour.repository.ts), so an
 * order's labour cost is the sum of its entries' costs as they are shown.
 */
export function labourCostCents(minutes: number, rateCents: number): number {
  return Math.round((minutes * rateCents) / 60);
}

/** Labour and parts in cents as the API shows a cost (shared/api/costs.ts): each in units, and their total added in cents. */
export function costFigures(labourCents: number, partsCents: number): { labour_cost: number; parts_cost: number; total: number } {
  return { labour_cost: centsToUnits(labourCents), parts_cost: centsToUnits(partsCents), total: centsToUnits(labourCents + partsCents) };
}
