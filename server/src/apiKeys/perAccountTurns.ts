// Runs the work of one account one at a time within this process, so a burst
// of parallel requests of the same account (a key form sent 60 times at once)
// is checked against its limit in turn instead of all at once. Across
// instances the count after the insert still keeps the limit.
export class PerAccountTurns {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(accountId: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(accountId) ?? Promise.resolve();
    const turn = previous.then(work, work);
    const tail = turn.catch(() => undefined);
    this.tails.set(accountId, tail);
    void tail.then(() => {
      if (this.tails.get(accountId) === tail) this.tails.delete(accountId);
    });
    return turn;
  }
}
