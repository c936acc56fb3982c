// One BatchWhileBusy per key (an account's month and cap, say): items of the
// same key that arrive while its write runs share the next write, items of
// different keys never do. A key's queue is dropped once it has drained, so
// the map holds only the keys being written.
import { BatchWhileBusy } from './batchWhileBusy.js';

export class KeyedBatches<Item, Result> {
  private readonly queues = new Map<string, BatchWhileBusy<Item, Result>>();

  constructor(private readonly maxBatch: number) {}

  /** Adds the item to its key's next write; `write` is the key's (used when the key is idle). */
  add(key: string, item: Item, write: (items: Item[]) => Promise<Result[]>): Promise<Result> {
    let queue = this.queues.get(key);
    if (!queue) {
      queue = new BatchWhileBusy(write, this.maxBatch, () => this.queues.delete(key));
      this.queues.set(key, queue);
    }
    return queue.add(item);
  }
}
