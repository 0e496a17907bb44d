/**
 * The core's timers and fire-and-forget work, all stopped by `close()`: failures are logged,
 * except after close (the device DB is gone on purpose then).
 */
export class CoreTasks {
  private readonly intervals: ReturnType<typeof setInterval>[] = [];
  private readonly timeouts = new Set<ReturnType<typeof setTimeout>>();
  private isClosed = false;

  get closed(): boolean {
    return this.isClosed;
  }

  background(task: Promise<unknown>): void {
    task.catch((error: unknown) => {
      if (!this.isClosed) console.warn('data worker:', error);
    });
  }

  later(run: () => void, ms: number): void {
    const timer = setTimeout(() => {
      this.timeouts.delete(timer);
      run();
    }, ms);
    this.timeouts.add(timer);
  }

  every(run: () => Promise<unknown>, ms: number): void {
    this.intervals.push(setInterval(() => this.background(run()), ms));
  }

  close(): void {
    this.isClosed = true;
    for (const interval of this.intervals) clearInterval(interval);
    for (const timer of this.timeouts) clearTimeout(timer);
  }
}
