/**
 * The tabs connected to this worker instance and the events sent to them. State changes are sent
 * as patches carrying only the changed top-level slices, merged within one task so a burst of
 * changes costs one message per tab.
 */
import type { PortLike, StatePatch, TabHello, WorkerEvent } from '../../shared/data/protocol.js';

interface ConnectedTab {
  hello: TabHello;
  port: PortLike;
  stopWatching: () => void;
}

export class TabHub {
  private readonly tabs = new Map<string, ConnectedTab>();
  private pending: StatePatch | null = null;

  add(hello: TabHello, port: PortLike, watchDeath: (onDead: () => void) => () => void): void {
    this.remove(hello.tabId);
    const stopWatching = watchDeath(() => this.remove(hello.tabId));
    this.tabs.set(hello.tabId, { hello, port, stopWatching });
  }

  remove(tabId: string): void {
    const tab = this.tabs.get(tabId);
    if (!tab) return;
    this.tabs.delete(tabId);
    tab.stopWatching();
    try {
      tab.port.close();
    } catch {
      // Already closed from the other side.
    }
  }

  hellos(): TabHello[] {
    return [...this.tabs.values()].map((tab) => tab.hello);
  }

  get size(): number {
    return this.tabs.size;
  }

  /** A one-off event for every tab (patches pending so far go first, keeping the order). */
  emit(event: WorkerEvent): void {
    this.sendPatch();
    this.post(event);
  }

  /** Queues changed slices; they leave together at the end of the current task. */
  patch(patch: StatePatch): void {
    const first = this.pending === null;
    this.pending = { ...(this.pending ?? {}), ...patch };
    if (first) queueMicrotask(() => this.sendPatch());
  }

  private sendPatch(): void {
    if (!this.pending) return;
    const patch = this.pending;
    this.pending = null;
    this.post({ type: 'patch', patch });
  }

  private post(event: WorkerEvent): void {
    for (const tab of this.tabs.values()) {
      try {
        tab.port.postMessage(event);
      } catch {
        // A port whose tab is gone; its lock will tell us shortly.
      }
    }
  }

  closeAll(): void {
    for (const tabId of [...this.tabs.keys()]) this.remove(tabId);
  }
}
