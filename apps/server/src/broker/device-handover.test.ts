import { describe, expect, it } from 'vitest';
import type { DeviceBatch } from './broker-thread-protocol';
import { DeviceHandover } from './device-handover';
import type { LocalDelivery } from './embedded-broker';

/** An in-process broker as the hand-over sees it: routes publishes to the subscriber, holds retained ones. */
function fakeBroker(retained: Array<{ topic: string; payload: Buffer }> = []) {
  let deliver: LocalDelivery | null = null;
  const subscribed: string[][] = [];
  return {
    subscribed,
    subscribeLocal: async (filters: string[], to: LocalDelivery) => {
      subscribed.push(filters);
      deliver = to;
    },
    unsubscribeLocal: async () => {
      deliver = null;
    },
    retained: async function* () {
      yield* retained;
    },
    /** Routes one publish; resolves true once the broker may route on (`done` called). */
    publish(topic: string, payload: string): { routedOn: () => boolean } {
      let routed = false;
      deliver?.({ topic, payload: Buffer.from(payload) }, () => (routed = true));
      return { routedOn: () => routed };
    },
    subscriber: () => deliver,
  };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('DeviceHandover', () => {
  it('hands over the retained messages first, then live ones, one batch per turn, in routing order', async () => {
    const broker = fakeBroker([
      { topic: 'fairway/devices/a/status', payload: Buffer.from('{"online":true}') },
    ]);
    const batches: DeviceBatch[] = [];
    const handover = new DeviceHandover(broker, (batch) => batches.push(batch));
    await handover.start(['fairway/devices/+/status', 'fairway/devices/+/telemetry']);
    expect(broker.subscribed).toEqual([['fairway/devices/+/status', 'fairway/devices/+/telemetry']]);
    broker.publish('fairway/devices/a/telemetry', '{"n":1}');
    broker.publish('fairway/devices/b/telemetry', '{"n":2}');
    await nextTurn();
    broker.publish('fairway/devices/a/telemetry', '{"n":3}');
    await nextTurn();
    // The replayed status and the live reports never share a batch: the retained flag is the batch's.
    expect(batches).toEqual([
      {
        type: 'devices',
        topics: ['fairway/devices/a/status'],
        payloads: ['{"online":true}'],
        retained: true,
      },
      {
        type: 'devices',
        topics: ['fairway/devices/a/telemetry', 'fairway/devices/b/telemetry'],
        payloads: ['{"n":1}', '{"n":2}'],
        retained: false,
      },
      { type: 'devices', topics: ['fairway/devices/a/telemetry'], payloads: ['{"n":3}'], retained: false },
    ]);
  });

  it('holds the broker once more than the window is untaken, and lets it go when the main thread catches up', async () => {
    const broker = fakeBroker();
    const batches: DeviceBatch[] = [];
    const handover = new DeviceHandover(broker, (batch) => batches.push(batch), 3);
    await handover.start(['fairway/devices/+/telemetry']);
    const routed = [1, 2, 3, 4, 5].map((n) => broker.publish('fairway/devices/a/telemetry', `{"n":${n}}`));
    // Three fit the window; the fourth and fifth wait, which stops the broker reading the carts' sockets.
    expect(routed.map((message) => message.routedOn())).toEqual([true, true, true, false, false]);
    await nextTurn();
    expect(batches.flatMap((batch) => batch.payloads)).toHaveLength(5);
    expect(handover.pending()).toBe(5);
    handover.taken(1);
    expect(routed[3]!.routedOn()).toBe(false);
    handover.taken(1);
    expect(routed.map((message) => message.routedOn())).toEqual([true, true, true, true, true]);
    expect(handover.pending()).toBe(3);
  });

  it('unsubscribes and lets a held broker go when the hand-over ends', async () => {
    const broker = fakeBroker();
    const handover = new DeviceHandover(broker, () => undefined, 0);
    await handover.start(['fairway/devices/+/ack']);
    const held = broker.publish('fairway/devices/a/ack', '{"id":"x","ok":true,"ts":1}');
    expect(held.routedOn()).toBe(false);
    await handover.end();
    expect(held.routedOn()).toBe(true);
    expect(broker.subscriber()).toBeNull();
  });
});
