import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { FAULT_MESSAGE, Refused, socketReply } from './socket-replies';

type Answer = { ok: true; data: unknown } | { ok: false; message: string };

/** A real pino logger whose JSON lines are kept, and a promise of the next one. */
function recordingLog() {
  const lines: Array<Record<string, unknown>> = [];
  let nextLine: (line: Record<string, unknown>) => void = () => undefined;
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      const line = JSON.parse(chunk.toString()) as Record<string, unknown>;
      lines.push(line);
      nextLine(line);
      done();
    },
  });
  const logged = () => new Promise<Record<string, unknown>>((resolve) => (nextLine = resolve));
  return { log: pino(stream), lines, logged };
}

/** Calls `reply` with an ack, as Socket.IO does when the client asked for one, and returns the answer. */
function answerOf(reply: ReturnType<typeof socketReply>, run: () => Promise<unknown>): Promise<Answer> {
  return new Promise((resolve) => reply(resolve, run));
}

describe('socketReply', () => {
  it("answers the handler's data and logs nothing", async () => {
    const { log, lines } = recordingLog();
    const reply = socketReply(log, 'socket request failed');
    expect(await answerOf(reply, async () => ['cart'])).toEqual({ ok: true, data: ['cart'] });
    expect(lines).toEqual([]);
  });

  it("tells the client a refusal's own message and logs nothing", async () => {
    const { log, lines } = recordingLog();
    const reply = socketReply(log, 'socket request failed');
    const answer = await answerOf(reply, () => Promise.reject(new Refused('Session expired or invalid')));
    expect(answer).toEqual({ ok: false, message: 'Session expired or invalid' });
    expect(lines).toEqual([]);
  });

  it("tells the client only the generic message of a fault and logs it under the namespace's own words", async () => {
    const { log, lines } = recordingLog();
    const operators = socketReply(log, 'socket request failed');
    const guests = socketReply(log, 'guest socket request failed');
    const fault = () => Promise.reject(new Error('connection to the database lost'));

    expect(await answerOf(operators, fault)).toEqual({ ok: false, message: FAULT_MESSAGE });
    expect(await answerOf(guests, fault)).toEqual({ ok: false, message: FAULT_MESSAGE });
    expect(FAULT_MESSAGE).toBe('Something went wrong, please try again');
    expect(lines.map((line) => [line.level, line.msg])).toEqual([
      [50, 'socket request failed'],
      [50, 'guest socket request failed'],
    ]);
    expect(lines[0]!.err).toMatchObject({ message: 'connection to the database lost' });
  });

  it('still logs a fault when the client sent no ack', async () => {
    const { log, logged } = recordingLog();
    const reply = socketReply(log, 'guest socket request failed');
    const line = logged();
    reply(undefined, () => Promise.reject(new Error('boom')));
    expect(await line).toMatchObject({ msg: 'guest socket request failed', err: { message: 'boom' } });
  });
});
