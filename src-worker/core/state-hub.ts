/** The core's DataState and its one way to change: every change is pushed to the tabs as a patch. */
import type { DataState, NetworkState, StatePatch } from '../../shared/data/protocol.js';
import type { TabHub } from '../services/tab-hub.js';
import { NO_VERSION_INFO } from '../services/version-policy.js';

export interface StateHub {
  readonly state: DataState;
  set(patch: StatePatch): void;
}

export function createStateHub(hub: TabHub, initial: { network: NetworkState; host: DataState['host'] }): StateHub {
  const state: DataState = {
    session: { status: 'unknown', user: null },
    network: initial.network,
    queue: { items: [], stats: { totalItems: 0, totalBytes: 0, lastFlushAt: null }, error: null },
    version: NO_VERSION_INFO,
    storage: { persisted: null, usage: null, quota: null },
    busy: 0,
    upload: null,
    host: initial.host,
    workingSet: null,
  };
  return {
    state,
    set(patch) {
      Object.assign(state, patch);
      hub.patch(patch);
    },
  };
}
