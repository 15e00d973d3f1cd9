import { PassThrough } from 'node:stream';
import mqttPacket from 'mqtt-packet';
import { describe, expect, it } from 'vitest';
// Both sides that write MQTT packets in the server's process: the gateway's client and the embedded broker.
import '../devices/gateway/server-connection';
import '../broker/embedded-broker';

describe("mqtt-packet's number cache", () => {
  it('is off once the MQTT client or the embedded broker is loaded (7.5 MB of heap per thread)', () => {
    expect(mqttPacket.writeToStream.cacheNumbers).toBe(false);
  });

  it('still writes packet ids and lengths right without it', async () => {
    const stream = new PassThrough();
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    mqttPacket.writeToStream({ cmd: 'puback', messageId: 0xabcd }, stream);
    mqttPacket.writeToStream(
      { cmd: 'publish', topic: 't/1', payload: 'hi', qos: 1, messageId: 0x0102, dup: false, retain: false },
      stream,
    );
    // The writer corks the stream and uncorks it on the next tick.
    await new Promise((resolve) => setImmediate(resolve));
    const parser = mqttPacket.parser();
    const parsed: mqttPacket.Packet[] = [];
    parser.on('packet', (packet) => parsed.push(packet));
    parser.parse(Buffer.concat(chunks));
    expect(parsed).toMatchObject([
      { cmd: 'puback', messageId: 0xabcd },
      { cmd: 'publish', topic: 't/1', messageId: 0x0102, qos: 1 },
    ]);
    expect(String((parsed[1] as mqttPacket.IPublishPacket).payload)).toBe('hi');
  });
});
