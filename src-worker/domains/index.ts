/**
 * Every domain's outbox handlers. A new area adds its `register…Handlers` here, so the data worker
 * and the service worker can both replay its queued writes.
 */
import type { HandlerRegistry } from '../outbox/handlers.js';
import { registerWorkorderHandlers } from './workorders.js';

export function registerAllHandlers(registry: HandlerRegistry): void {
  registerWorkorderHandlers(registry);
}
