import type { CommandMessage } from '@fairway/domain';
import { DEMO_COURSE } from './courses';
import { CartDevice, type CartDeviceOptions } from './device';
import { silentLogger } from './logger';
import { encodeOutbound, type OutboundChannel, type OutboundMessages } from './outbound';
import { createRandom } from './random';

export interface SentMessage<C extends OutboundChannel = OutboundChannel> {
  channel: C;
  message: OutboundMessages[C];
}

/**
 * A device whose outbox records what it says (after checking each message against the protocol
 * schema, as the fleet does) and whose clock the test moves by hand.
 */
export function recordingDevice(overrides: Partial<CartDeviceOptions> = {}) {
  const clock = { now: 1_767_225_600_000 };
  const sent: SentMessage[] = [];
  const device = new CartDevice({
    deviceId: 'cart-1',
    carNumber: '1',
    course: DEMO_COURSE,
    spot: DEMO_COURSE.barn,
    random: createRandom(42),
    meanParkedS: Infinity,
    startMidRound: false,
    timeScale: 1,
    movingReportIntervalMs: 2_000,
    standingReportIntervalMs: 15_000,
    // Answer at once, so a test sees the ack right after `receiveCommand`; latency has its own tests.
    ackLatencyMs: [0, 0],
    clock: () => clock.now,
    logger: silentLogger,
    outbox: (channel, message) => {
      encodeOutbound(channel, message); // throws when the message would not pass the schema
      sent.push({ channel, message } as SentMessage);
    },
    ...overrides,
  });
  const on = <C extends OutboundChannel>(channel: C): OutboundMessages[C][] =>
    sent.filter((entry): entry is SentMessage<C> => entry.channel === channel).map((entry) => entry.message);
  return { device, clock, sent, on };
}

let commandCounter = 0;

/** A valid command issued now and good for 30 s unless told otherwise. */
export function command(
  now: number,
  fields: Partial<CommandMessage> & Pick<CommandMessage, 'name'>,
): CommandMessage {
  commandCounter += 1;
  return { id: `cmd-${commandCounter}`, issuedAt: now, expiresAt: now + 30_000, ...fields };
}
