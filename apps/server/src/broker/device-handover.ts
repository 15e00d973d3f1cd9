import type { DeviceBatch } from './broker-thread-protocol';
import type { LocalBroker, LocalDelivery } from './embedded-broker';

/**
 * How many handed-over messages may wait for the main thread before the broker stops taking more from the
 * carts: ~0.6 MB of reports, far above what one turn of a healthy main loop leaves behind.
 */
export const HANDOVER_WINDOW = 2_000;

/**
 * The worker thread's side of the embedded broker's hand-over (docs/decisions.md, "Carts' messages reach
 * the server without an MQTT hop"): an in-process subscriber to the server's channels that posts what carts
 * publish to the main thread in one batch per turn of the worker's event loop, in the broker's routing
 * order (so one cart's messages stay in the order it sent them). The server's own MQTT subscription would
 * cost the broker an encoding and the main thread a parse of every report.
 *
 * The main thread answers each batch with `taken` once it has dispatched it; with more than `window`
 * messages untaken, the broker is held (a routed message's `done` waits), which stops it reading the
 * carts' connections, so a main thread that falls behind pushes back on the carts as a slow TCP reader
 * would, instead of queueing without bound. Acknowledgement to the cart does not depend on this: Aedes
 * sends a QoS 1 PUBACK when a publish arrives, before routing it, as it did to the server's subscription.
 */
export class DeviceHandover {
  private filters: string[] | null = null;
  private topics: string[] = [];
  private payloads: string[] = [];
  private retained = false;
  private scheduled = false;
  private untaken = 0;
  private held: Array<() => void> = [];

  constructor(
    private readonly broker: Pick<LocalBroker, 'subscribeLocal' | 'unsubscribeLocal' | 'retained'>,
    private readonly post: (batch: DeviceBatch) => void,
    private readonly window = HANDOVER_WINDOW,
  ) {}

  /**
   * Subscribes to the filters, then hands over the retained messages on them (a cart's last status, which
   * it published before the server listened), as a subscribing MQTT client would get them.
   */
  async start(filters: string[]): Promise<void> {
    await this.end();
    this.filters = filters;
    await this.broker.subscribeLocal(filters, this.deliver);
    for await (const packet of this.broker.retained(filters)) this.add(packet.topic, packet.payload, true);
  }

  /** Stops handing over (the server stopping): the broker is no longer held for it. */
  async end(): Promise<void> {
    const { filters } = this;
    if (!filters) return;
    this.filters = null;
    await this.broker.unsubscribeLocal(filters, this.deliver);
    this.release();
  }

  /** The main thread dispatched `count` more messages. */
  taken(count: number): void {
    this.untaken -= count;
    if (this.untaken <= this.window) this.release();
  }

  /** Messages posted and not yet taken (tests). */
  pending(): number {
    return this.untaken;
  }

  private readonly deliver: LocalDelivery = (packet, done) => {
    this.add(packet.topic, packet.payload, false);
    if (this.untaken > this.window) this.held.push(done);
    else done();
  };

  private add(topic: string, payload: Buffer | string, retained: boolean): void {
    // A batch is all live or all replayed: the main thread takes the flag per batch.
    if (this.topics.length > 0 && retained !== this.retained) this.flush();
    this.retained = retained;
    this.topics.push(topic);
    this.payloads.push(typeof payload === 'string' ? payload : payload.toString('utf8'));
    this.untaken += 1;
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(this.flush);
    }
  }

  private readonly flush = () => {
    this.scheduled = false;
    if (this.topics.length === 0) return;
    this.post({ type: 'devices', topics: this.topics, payloads: this.payloads, retained: this.retained });
    this.topics = [];
    this.payloads = [];
  };

  private release(): void {
    const held = this.held;
    this.held = [];
    for (const done of held) done();
  }
}
