import type { IPublishPacket, MqttClient } from 'mqtt';

/** Passed to MQTT.js's `handleMessage` callback: it then reads on and sends no PUBACK of its own. */
const ANSWERED_BY_GATEWAY = new Error('PUBACK sent by the device gateway once the message is stored');

interface Unanswered {
  messageId: number;
  /** The connection that delivered it: a PUBACK means nothing on another one. */
  stream: unknown;
  handled: boolean;
}

/**
 * PUBACKs for the QoS 1 messages the gateway receives, each sent only once its message is stored, in the
 * order the messages arrived (MQTT 3.1.1 and 5, §4.6) — without making the connection wait. MQTT.js reads
 * the next packet only after `handleMessage` calls back and then sends the PUBACK itself; answering that
 * way made every cart's acknowledgement wait until all earlier ones were stored, one after another (in a
 * burst of 20 commands the last ack waited ~200 ms, issue 22). Here MQTT.js is told to read on at once, the
 * messages are handled side by side, and the PUBACKs go out in arrival order as their heads are stored. A
 * message still unstored when the server stops (or the connection drops) is never answered, so the broker
 * delivers it again: nothing is acknowledged before it is stored.
 */
export class InOrderPubacks {
  private readonly unanswered: Unanswered[] = [];
  private waiting: Array<() => void> = [];

  constructor(private readonly client: MqttClient) {}

  /** For `client.handleMessage`: `handled` settles once the message is stored (null: nothing to wait for). */
  handle(packet: IPublishPacket, handled: Promise<void> | null, callback: (error?: Error) => void): void {
    if (packet.qos !== 1 || packet.messageId === undefined) return callback();
    const entry: Unanswered = { messageId: packet.messageId, stream: this.client.stream, handled: false };
    this.unanswered.push(entry);
    void (handled ?? Promise.resolve()).then(
      () => {
        entry.handled = true;
        this.answer();
      },
      () => undefined, // stopped while the database was away: no PUBACK, the broker keeps the message
    );
    callback(ANSWERED_BY_GATEWAY);
  }

  /** Resolves once every message received so far is answered (or its connection is gone). */
  drained(): Promise<void> {
    this.answer();
    if (this.unanswered.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private answer(): void {
    const { client } = this;
    for (let head = this.unanswered[0]; head; head = this.unanswered[0]) {
      // Messages of a connection that is gone are delivered again on the new one and answered there.
      const gone = head.stream !== client.stream || !client.connected;
      if (!gone && !head.handled) break;
      this.unanswered.shift();
      if (!gone) sendPuback(client, head.messageId);
    }
    if (this.unanswered.length > 0) return;
    for (const resolve of this.waiting.splice(0)) resolve();
  }
}

/**
 * MQTT.js has no public call for a PUBACK: this is what its own publish handler sends (reason code 0 on
 * MQTT 5, none on 3.1.1).
 */
function sendPuback(client: MqttClient, messageId: number): void {
  const send = (client as unknown as { _sendPacket(packet: object, cb: () => void): void })._sendPacket;
  send.call(client, { cmd: 'puback', messageId, reasonCode: 0 }, () => undefined);
}
