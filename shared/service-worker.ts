/** What a tab posts to the service worker. Realm-free. */
export type ServiceWorkerMessage =
  /** The update flow: the waiting worker activates now. */
  | { type: 'skip-waiting' }
  /** The connection came back: flush the outbox. */
  | { type: 'retry' };
