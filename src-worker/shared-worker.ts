/**
 * The data worker as a SharedWorker: one instance for every tab of the origin (same script URL and
 * name). Each tab's port gets the same API over Comlink.
 */
import * as Comlink from 'comlink';
import { createDataCore } from './data-core.js';

declare const self: SharedWorkerGlobalScope;

const core = createDataCore({ mode: 'shared' });

self.addEventListener('connect', (event: MessageEvent) => {
  const port = event.ports[0];
  if (!port) return;
  Comlink.expose(core.workerCalls, port);
});
