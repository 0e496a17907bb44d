/**
 * "Report a problem" (docs/decisions.md: Labels and scanning): the new work-order form opened with
 * the place, and the asset, already chosen, from an asset's or a location's detail or a location's
 * work orders (where a scanned location label leads). Read back by the form from its own query.
 */
import { positiveInt } from '../../kit/list-query';

export function reportProblemPath(location: number | null, asset?: number | null): string {
  const query = new URLSearchParams();
  if (location !== null) query.set('location', String(location));
  if (location !== null && asset) query.set('asset', String(asset));
  const text = query.toString();
  return text ? `/workorder-create?${text}` : '/workorder-create';
}

/** The location and asset a form's address chose, if any (an asset only with its location). */
export function reportedProblem(search: string): { location: number | null; asset: number | null } {
  const query = new URLSearchParams(search);
  const location = positiveInt(query.get('location'));
  return { location, asset: location === null ? null : positiveInt(query.get('asset')) };
}
