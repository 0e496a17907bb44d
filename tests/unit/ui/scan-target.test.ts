/**
 * Where a scanned label leads and how a scan waits for the sign-in (src-ui/screens/scan/scan-target.ts),
 * the "Report a problem" addresses (src-ui/screens/workorders/report-problem.ts) and the scanner's routes.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROUTES } from '../../../src-ui/app/routes';
import { PENDING_SCAN_MS, hasPendingScan, rememberScanForLogin, scanCodePath, takePendingScan, targetPath } from '../../../src-ui/screens/scan/scan-target';
import { reportProblemPath, reportedProblem } from '../../../src-ui/screens/workorders/report-problem';

/** The tab's sessionStorage, which Node does not have. */
function installSessionStorage(): void {
  const items = new Map<string, string>();
  const storage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    clear: () => items.clear(),
    key: () => null,
    get length() {
      return items.size;
    },
  };
  Object.defineProperty(globalThis, 'sessionStorage', { value: storage, configurable: true });
}

beforeEach(installSessionStorage);
afterEach(() => {
  Reflect.deleteProperty(globalThis, 'sessionStorage');
});

describe('a scanned label', () => {
  it('opens an asset’s detail, or a location’s work orders', () => {
    expect(targetPath({ area: 'assets', id: 12 })).toBe('/asset-detail/12');
    expect(targetPath({ area: 'locations', id: 3 })).toBe('/workorder-list?location=3');
    expect(scanCodePath('A-7K3Q9')).toBe('/scan/A-7K3Q9');
  });

  it('made before signing in waits for it once, in this tab, for ten minutes', () => {
    const now = 1_000_000;
    expect(takePendingScan(now)).toBeNull();
    rememberScanForLogin('L-4MX2P', now);
    expect(hasPendingScan()).toBe(true);
    expect(takePendingScan(now + 1000)).toBe('L-4MX2P');
    expect(hasPendingScan()).toBe(false);
    expect(takePendingScan(now + 2000)).toBeNull();
    rememberScanForLogin('L-4MX2P', now);
    expect(takePendingScan(now + PENDING_SCAN_MS)).toBeNull();
    sessionStorage.setItem('scanAfterLogin', '{not json');
    expect(takePendingScan(now)).toBeNull();
  });

  it('has its routes: the scanner for signed-in users, the label address open to visitors (who are sent to sign in)', () => {
    const access = Object.fromEntries(ROUTES.map((r) => [r.path, r.access]));
    expect(access['/scan']).toBe('user');
    expect(access['/scan/:code']).toBe('public');
  });
});

describe('Report a problem', () => {
  it('opens the new work order with the location, and the asset, chosen', () => {
    expect(reportProblemPath(4, 9)).toBe('/workorder-create?location=4&asset=9');
    expect(reportProblemPath(4)).toBe('/workorder-create?location=4');
    expect(reportProblemPath(null, 9)).toBe('/workorder-create');
    expect(reportedProblem('?location=4&asset=9')).toEqual({ location: 4, asset: 9 });
    expect(reportedProblem('location=4')).toEqual({ location: 4, asset: null });
    expect(reportedProblem('?asset=9')).toEqual({ location: null, asset: null });
    expect(reportedProblem('?location=x&asset=-1')).toEqual({ location: null, asset: null });
    expect(reportedProblem('')).toEqual({ location: null, asset: null });
  });
});
