/**
 * Where a label opens (docs/decisions.md: Labels and scanning), and a scan begun before signing in:
 * pure rules and the tab's own memory of them, kept apart from the screens so the shell can carry
 * the after-sign-in step without loading the scanner.
 */
import type { CodeTarget } from '../../../shared/rules/record-codes';
import { tabPreference } from '../../state/preferences';

/** An asset opens its detail; a location its work orders (where a problem there is reported). */
export function targetPath(target: CodeTarget): string {
  return target.area === 'assets' ? `/asset-detail/${target.id}` : `/workorder-list?location=${target.id}`;
}

/** The scanner's address with a code: what a label's QR code holds, under the public origin. */
export const scanCodePath = (code: string) => `/scan/${encodeURIComponent(code)}`;

const PENDING_KEY = 'scanAfterLogin';
/** A scan left for the sign-in is picked up only this soon after: later, the user has moved on. */
export const PENDING_SCAN_MS = 10 * 60 * 1000;

/** A label opened by someone not signed in: opened once they are (this tab only). */
export function rememberScanForLogin(code: string, now = Date.now()): void {
  tabPreference.set(PENDING_KEY, JSON.stringify({ code, at: now }));
}

/** The code left for after the sign-in, if any and still fresh; taken once. */
export function takePendingScan(now = Date.now()): string | null {
  const stored = tabPreference.get(PENDING_KEY);
  if (!stored) return null;
  tabPreference.set(PENDING_KEY, '');
  try {
    const { code, at } = JSON.parse(stored) as { code?: unknown; at?: unknown };
    return typeof code === 'string' && typeof at === 'number' && now - at >= 0 && now - at < PENDING_SCAN_MS ? code : null;
  } catch {
    return null;
  }
}

/** Whether a scan is waiting for the sign-in (read without taking it). */
export function hasPendingScan(): boolean {
  return Boolean(tabPreference.get(PENDING_KEY));
}
