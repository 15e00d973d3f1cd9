/** How long an operator's call waits for a cart's earlier ride work before it goes ahead anyway. */
const IDLE_WAIT_MS = 5_000;

/**
 * The ride work of each cart, one piece at a time in arrival order (an unlock and the lock that ends its
 * ride, an acknowledgement and the report after it), while different carts' work runs side by side. The
 * operator's manual unlock waits for it (`idle`): an unlock sent while the previous lock's reaction has not
 * yet ended the cart's ride would find that ride still open, and the reaction would then end it and lock
 * the cart the operator just unlocked.
 */
export class PerCartQueue {
  private readonly tails = new Map<string, Promise<void>>();
  private readonly counts = new Map<string, number>();

  /** Runs `work` after the cart's earlier work; settles as `work` does. */
  run(deviceId: string, work: () => Promise<void>): Promise<void> {
    const done = (this.tails.get(deviceId) ?? Promise.resolve()).then(work);
    const tail = done.catch(() => undefined);
    this.tails.set(deviceId, tail);
    this.counts.set(deviceId, this.pending(deviceId) + 1);
    void tail.then(() => {
      const left = this.pending(deviceId) - 1;
      if (left > 0) this.counts.set(deviceId, left);
      else this.counts.delete(deviceId);
      if (this.tails.get(deviceId) === tail) this.tails.delete(deviceId);
    });
    return done;
  }

  /** How many pieces of the cart's work are queued or running. */
  pending(deviceId: string): number {
    return this.counts.get(deviceId) ?? 0;
  }

  /** Resolves once the cart's work queued so far is done (or after a few seconds, whatever it is doing). */
  async idle(deviceId: string): Promise<void> {
    const tail = this.tails.get(deviceId);
    if (!tail) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([tail, new Promise<void>((resolve) => (timer = setTimeout(resolve, IDLE_WAIT_MS)))]);
    clearTimeout(timer);
  }
}
