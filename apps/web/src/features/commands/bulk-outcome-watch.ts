import { FINAL_COMMAND_STATES, type CommandState, type CommandView } from '@fairway/domain';
import { onSocketEvent } from '../realtime';

/**
 * Past the last command's own deadline the server has ended every unanswered command and said so over the
 * socket; this margin covers a slow socket before the browser stops waiting.
 */
const DEADLINE_MARGIN_MS = 10_000;

export interface BulkWatch {
  /** Follows the commands the bulk answer names; `report` gets the carts that did not confirm, once. */
  follow(
    commands: readonly CommandView[],
    carLabelOf: (deviceId: string) => string,
    report: (failedCarLabels: string[]) => void,
  ): void;
  /** The request failed: stop listening. */
  cancel(): void;
}

/**
 * Collects the outcomes of one bulk command, which arrive over the socket cart by cart. It is opened
 * before the request is sent, because fast carts acknowledge before the HTTP answer reaches the browser.
 * It lives outside React, so leaving the page does not lose the report.
 */
export function openBulkWatch(now: () => number = Date.now): BulkWatch {
  const endedEarly = new Map<string, CommandState>();
  /** Command id → car label, for the commands still without a final state (null until `follow`). */
  let waiting: Map<string, string> | null = null;
  const failed: string[] = [];
  let report: (failedCarLabels: string[]) => void = () => undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const finish = () => {
    clearTimeout(timer);
    unsubscribe();
    if (failed.length > 0) report(failed);
  };

  const settle = (commandId: string, state: CommandState) => {
    const label = waiting?.get(commandId);
    if (label === undefined) return;
    waiting?.delete(commandId);
    if (state !== 'acknowledged') failed.push(label);
    if (waiting?.size === 0) finish();
  };

  const unsubscribe = onSocketEvent('command:update', (command) => {
    if (!FINAL_COMMAND_STATES.includes(command.state)) return;
    if (waiting) settle(command._id, command.state);
    else endedEarly.set(command._id, command.state);
  });

  return {
    follow(commands, carLabelOf, onFailures) {
      report = onFailures;
      waiting = new Map(commands.map((command) => [command._id, carLabelOf(command.deviceId)]));
      if (commands.length === 0) {
        finish();
        return;
      }
      const deadline = Math.max(...commands.map((command) => Date.parse(command.expiresAt)));
      // Silence past the deadline counts as no confirmation.
      timer = setTimeout(
        () => {
          failed.push(...(waiting?.values() ?? []));
          waiting?.clear();
          finish();
        },
        Math.max(0, deadline - now()) + DEADLINE_MARGIN_MS,
      );
      for (const command of commands) {
        const state = FINAL_COMMAND_STATES.includes(command.state)
          ? command.state
          : endedEarly.get(command._id);
        if (state) settle(command._id, state);
      }
    },
    cancel: () => unsubscribe(),
  };
}
