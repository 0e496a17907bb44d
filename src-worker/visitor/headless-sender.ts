/**
 * Visitors' kept reports sent from a context without tabs: the service worker's `sync` event and
 * its "retry" message (src-sw/sw.ts). Same store, same lock as the data worker; the tabs that are
 * open hear through the bus which reports changed.
 */
import { createDataServices } from '../data-services.js';

/** Sends what waits and closes what it opened; true while some report still waits (the browser tries the sync again). */
export async function sendVisitorReportsHeadless(): Promise<boolean> {
  const services = createDataServices({ contextId: 'service-worker' }, { onSessionExpired: async () => undefined });
  try {
    const { changed, waiting } = await services.visitorReports.sendWaiting();
    if (changed.length > 0) services.bus.post({ type: 'synced', area: 'requests', targetIds: changed });
    return waiting;
  } finally {
    services.bus.close();
    services.db.close();
  }
}
