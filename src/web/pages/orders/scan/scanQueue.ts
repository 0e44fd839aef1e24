export interface ScanQueueHandlers<T, R> {
  send(item: T): Promise<R>;
  onDone(item: T, result: R): void;
  onFail(item: T, error: unknown): void;
  /** After each change of what is waiting or in flight (for a "3 waiting" hint). */
  onPending?(count: number): void;
  /** When the last item has been answered. */
  onIdle?(): void;
}

/**
 * Scans one at a time, in the order they were read. A handheld scanner types a whole
 * barcode and Enter in a few milliseconds, so a second burst often arrives while the first
 * is still at the server; sending both at once could let the second overtake the first
 * (its "over planned" answer would then be wrong), so later ones wait their turn.
 */
export class ScanQueue<T, R> {
  private readonly waiting: T[] = [];
  private busy = false;

  constructor(private readonly handlers: ScanQueueHandlers<T, R>) {}

  get pending() {
    return this.waiting.length + (this.busy ? 1 : 0);
  }

  push(item: T) {
    this.waiting.push(item);
    this.handlers.onPending?.(this.pending);
    void this.drain();
  }

  private async drain() {
    if (this.busy) return;
    this.busy = true;
    while (this.waiting.length) {
      const item = this.waiting.shift()!;
      try {
        this.handlers.onDone(item, await this.handlers.send(item));
      } catch (error) {
        this.handlers.onFail(item, error);
      }
      // Still to be answered: everything waiting (the next one goes out at once).
      this.handlers.onPending?.(this.waiting.length);
    }
    this.busy = false;
    this.handlers.onIdle?.();
  }
}
