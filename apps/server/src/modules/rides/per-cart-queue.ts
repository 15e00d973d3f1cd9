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

  /** Runs `work` after the cart's earlier work; settles as `work` does. */
  run(deviceId: string, work: () => Promise<void>): Promise<void> {
    const done = (this.tails.get(deviceId) ?? Promise.resolve()).then(work);
    const tail = done.catch(() => undefined);
    this.tails.set(deviceId, tail);
    void tail.then(() => {
      if (this.tails.get(deviceId) === tail) this.tails.delete(deviceId);
    });
    return done;
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
