import type { FairwaySocket } from '../lib/socket';

type Listener = (...args: never[]) => void;

/**
 * Enough of a Socket.IO client socket to drive the realtime binding: it records what the client emits
 * (with acknowledgement callbacks the test can answer) and lets the test play the server's events.
 */
export class FakeSocket {
  connected = false;
  connectCalls = 0;
  readonly emitted: { event: string; args: unknown[] }[] = [];
  private readonly listeners = new Map<string, Set<Listener>>();

  on(event: string, listener: Listener): this {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(listener);
    return this;
  }

  off(event: string, listener: Listener): this {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  emit(event: string, ...args: unknown[]): this {
    this.emitted.push({ event, args });
    return this;
  }

  connect(): this {
    this.connectCalls += 1;
    return this;
  }

  disconnect(): this {
    this.connected = false;
    return this;
  }

  /** Plays an event from the server side (or a reserved one: connect, disconnect, connect_error). */
  receive(event: string, ...args: unknown[]): void {
    if (event === 'connect') this.connected = true;
    if (event === 'disconnect') this.connected = false;
    for (const listener of this.listeners.get(event) ?? []) (listener as (...a: unknown[]) => void)(...args);
  }

  listenerCount(event: string): number {
    return this.listeners.get(event)?.size ?? 0;
  }

  /** The acknowledgement callback of the last emit of `event`. */
  ackOf(event: string): (result: unknown) => void {
    const last = [...this.emitted].reverse().find((entry) => entry.event === event);
    const ack = last?.args.at(-1);
    if (typeof ack !== 'function') throw new Error(`No acknowledged ${event} was emitted`);
    return ack as (result: unknown) => void;
  }

  asSocket(): FairwaySocket {
    return this as unknown as FairwaySocket;
  }
}
