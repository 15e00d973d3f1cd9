import type { SocketAck } from '@fairway/domain';
import type { Logger } from 'pino';

/** A refusal the client is told about, as opposed to a fault that is only logged. */
export class Refused extends Error {}

/** What a client is told about a fault: the details stay in the log. */
export const FAULT_MESSAGE = 'Something went wrong, please try again';

/**
 * Runs a socket handler and answers its ack, if the client sent one: `{ ok: true, data }`, or
 * `{ ok: false, message }` with a `Refused`'s own message or, for any other error, the generic one.
 */
export type SocketReply = <T>(ack: SocketAck<T> | undefined, run: () => Promise<T>) => void;

/**
 * The reply function of one namespace. `failure` is the log message of a fault (the operators' and the
 * guests' namespaces each name their own, so the log tells them apart); refusals are not logged.
 */
export function socketReply(log: Logger, failure: string): SocketReply {
  return (ack, run) => {
    run().then(
      (data) => {
        if (typeof ack === 'function') ack({ ok: true, data });
      },
      (error: unknown) => {
        if (!(error instanceof Refused)) log.error({ err: error }, failure);
        const message = error instanceof Refused ? error.message : FAULT_MESSAGE;
        if (typeof ack === 'function') ack({ ok: false, message });
      },
    );
  };
}
