/**
 * The data worker as a dedicated Worker, one per tab (fallback mode: no SharedWorker, or one that
 * is unsafe on this platform or failed its handshake). Same core; the Web Locks keep the jobs that
 * must run once from running in every tab.
 */
import * as Comlink from 'comlink';
import { createDataCore } from './data-core.js';

declare const self: DedicatedWorkerGlobalScope;

const core = createDataCore({ mode: 'dedicated' });

Comlink.expose(core.workerCalls, self);
