/**
 * What a notice from another context (a fallback-mode instance, the service worker) makes this
 * core do: a notice means "re-read the device DB"; one-off events go on to this core's tabs.
 */
import type { BusMessage } from '../../shared/data/bus.js';
import type { SessionChange } from '../session/session-store.js';
import type { TabHub } from '../services/tab-hub.js';
import type { Toaster } from './toaster.js';

export interface BusRoutes {
  hub: TabHub;
  toast: Toaster;
  queueChanged: () => void;
  sessionChanged: (reason: SessionChange) => void;
  networkChanged: () => void;
  versionChanged: () => void;
  flushRequested: () => void;
}

export function routeBusMessage(message: BusMessage, to: BusRoutes): void {
  switch (message.type) {
    case 'queue-changed':
    case 'flushed':
      to.queueChanged();
      break;
    case 'session-changed':
      to.sessionChanged(message.reason);
      break;
    case 'network-changed':
      to.networkChanged();
      break;
    case 'version-changed':
      to.versionChanged();
      break;
    case 'flush-requested':
      to.flushRequested();
      break;
    case 'toast':
      to.toast(message, false);
      break;
    case 'synced':
      to.hub.emit({ type: 'synced', area: message.area, targetIds: message.targetIds });
      break;
    case 'reload':
      to.hub.emit({ type: 'reload', reason: message.reason });
      break;
  }
}
