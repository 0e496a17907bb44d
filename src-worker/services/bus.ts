/**
 * The BroadcastChannel every context shares (data worker instances, the service worker, tabs).
 * A channel never receives its own messages, so a context reacts to its own changes directly.
 */
import { BUS_CHANNEL, isBusMessage, type BusMessage } from '../../shared/data/bus.js';

type WithoutFrom<T> = T extends unknown ? Omit<T, 'from'> : never;
export type OutgoingBusMessage = WithoutFrom<BusMessage>;

export interface Bus {
  post(message: OutgoingBusMessage): void;
  subscribe(listener: (message: BusMessage) => void): () => void;
  close(): void;
}

export function openBus(from: string, name: string = BUS_CHANNEL): Bus {
  const channel = new BroadcastChannel(name);
  const listeners = new Set<(message: BusMessage) => void>();
  channel.onmessage = (event: MessageEvent) => {
    if (!isBusMessage(event.data)) return;
    for (const listener of listeners) listener(event.data);
  };
  return {
    post(message) {
      channel.postMessage({ ...message, from });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      listeners.clear();
      channel.close();
    },
  };
}
