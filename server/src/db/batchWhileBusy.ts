// Gathers the items that arrive while one write runs into the next write:
// a lone item is written at once, a burst costs one statement (one commit)
// per batch instead of one per item. Each caller gets its own item's result;
// a failed write rejects the callers of its batch only.

interface Waiting<Item, Result> {
  item: Item;
  resolve(result: Result): void;
  reject(err: unknown): void;
}

export class BatchWhileBusy<Item, Result> {
  private queue: Waiting<Item, Result>[] = [];
  private running = false;

  constructor(
    /** Writes the batch; resolves to one result per item, in the items' order. */
    private readonly write: (items: Item[]) => Promise<Result[]>,
    private readonly maxBatch: number,
    /** Called when the queue has drained (KeyedBatches drops the queue then). */
    private readonly onIdle?: () => void,
  ) {}

  add(item: Item): Promise<Result> {
    return new Promise((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (!this.running) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxBatch);
      try {
        const results = await this.write(batch.map((waiting) => waiting.item));
        batch.forEach((waiting, i) => waiting.resolve(results[i] as Result));
      } catch (err) {
        for (const waiting of batch) waiting.reject(err);
      }
    }
    this.running = false;
    this.onIdle?.();
  }
}
