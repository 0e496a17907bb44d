/** Behaviour §4 Version handling as pure decisions over the server's version info. */
import type { VersionInfo } from '../../shared/api/monitoring.js';
import type { VersionState } from '../../shared/data/protocol.js';

/** Compares dotted numeric versions ("4.6.18"); missing parts count as 0, other text is ignored. */
export function compareVersions(a: string, b: string): number {
  const parts = (v: string) => v.split('.').map((p) => Number.parseInt(p, 10) || 0);
  const pa = parts(a);
  const pb = parts(b);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff !== 0) return Math.sign(diff);
  }
  return 0;
}

export const NO_VERSION_INFO: VersionState = { latestVersion: null, minVersion: null, message: null, updateAvailable: false, forced: false };

/**
 * Update available: the latest version is newer, or the running one is below the minimum.
 * Forced: force_update with the running version below the minimum, or with no minimum and a newer
 * latest version.
 */
export function versionStateFor(info: VersionInfo | null, running: string): VersionState {
  if (!info) return NO_VERSION_INFO;
  const newer = Boolean(info.latest_version) && compareVersions(info.latest_version, running) > 0;
  const belowMin = Boolean(info.min_version) && compareVersions(running, info.min_version as string) < 0;
  const forced = info.force_update && (info.min_version ? belowMin : newer);
  return {
    latestVersion: info.latest_version || null,
    minVersion: info.min_version || null,
    message: info.message || null,
    updateAvailable: newer || belowMin,
    forced,
  };
}

/** The version a forced update reloads for (once per target version). */
export function forcedTarget(state: VersionState): string {
  return state.latestVersion ?? state.minVersion ?? '';
}
