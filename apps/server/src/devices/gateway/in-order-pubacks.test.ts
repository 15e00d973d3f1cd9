import { describe, expect, it } from 'vitest';
import type { IPublishPacket, MqttClient } from 'mqtt';
import { InOrderPubacks } from './in-order-pubacks';

/** MQTT.js as far as InOrderPubacks uses it: its connection, and the PUBACKs it is asked to send. */
function fakeClient() {
  const sent: number[] = [];
  const client = {
    stream: {},
    connected: true,
    _sendPacket(packet: { cmd: string; messageId: number }, done: () => void) {
      expect(packet.cmd).toBe('puback');
      sent.push(packet.messageId);
      done();
    },
  };
  return { client, sent, pubacks: new InOrderPubacks(client as unknown as MqttClient) };
}

const qos1 = (messageId: number) => ({ cmd: 'publish', qos: 1, messageId }) as IPublishPacket;

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('PUBACKs in arrival order, each once its message is stored', () => {
  it('reads on at once, and answers 1, 2, 3 although 3 and 1 were stored first', async () => {
    const { pubacks, sent } = fakeClient();
    const stored = [deferred(), deferred(), deferred()];
    const callbacks: Array<Error | undefined> = [];
    stored.forEach((message, i) =>
      pubacks.handle(qos1(i + 1), message.promise, (error) => callbacks.push(error)),
    );
    // MQTT.js was told to read the next packet every time, and to send no PUBACK itself (an error).
    expect(callbacks).toHaveLength(3);
    expect(callbacks.every((error) => error instanceof Error)).toBe(true);

    stored[2]!.resolve();
    await settle();
    expect(sent).toEqual([]);
    stored[0]!.resolve();
    await settle();
    expect(sent).toEqual([1]);
    stored[1]!.resolve();
    await settle();
    expect(sent).toEqual([1, 2, 3]);
    await pubacks.drained();
  });

  it('never answers a message whose handling was given up (the server stopping): the broker keeps it', async () => {
    const { pubacks, sent } = fakeClient();
    const stored = deferred();
    pubacks.handle(qos1(7), stored.promise, () => undefined);
    stored.reject(new Error('stopped'));
    await settle();
    expect(sent).toEqual([]);
  });

  it('drops the answers of a connection that is gone: the broker delivers those again on the new one', async () => {
    const { client, pubacks, sent } = fakeClient();
    const old = deferred();
    pubacks.handle(qos1(1), old.promise, () => undefined);
    client.stream = {}; // reconnected
    const fresh = deferred();
    pubacks.handle(qos1(1), fresh.promise, () => undefined);
    fresh.resolve();
    await settle();
    expect(sent).toEqual([1]);
    old.resolve();
    await settle();
    expect(sent).toEqual([1]);
    await pubacks.drained();
  });

  it('lets QoS 0 messages and messages with nothing to store through at once', async () => {
    const { pubacks, sent } = fakeClient();
    const callbacks: Array<Error | undefined> = [];
    pubacks.handle({ cmd: 'publish', qos: 0 } as IPublishPacket, null, (error) => callbacks.push(error));
    expect(callbacks).toEqual([undefined]);
    pubacks.handle(qos1(9), null, () => undefined);
    await settle();
    expect(sent).toEqual([9]);
  });
});
