import { randomUUID } from 'node:crypto';
import type { MqttClient } from 'mqtt';
import type { Logger } from 'pino';

/** Mosquitto dynamic-security control topics (plugin API v1). */
export const DYNSEC_TOPIC = '$CONTROL/dynamic-security/v1';
export const DYNSEC_RESPONSE_TOPIC = `${DYNSEC_TOPIC}/response`;

export type DynsecCommand = { command: string } & Record<string, unknown>;
export interface DynsecResponse {
  command: string;
  error?: string;
  data?: unknown;
}

export class DynsecError extends Error {
  constructor(
    readonly command: string,
    readonly reason: string,
  ) {
    super(`Mosquitto dynamic security refused ${command}: ${reason}`);
  }
}

/**
 * Request/response over Mosquitto's `$CONTROL/dynamic-security/v1` topics. Every server instance (and
 * mosquitto_ctrl) receives every response, so each command carries a `correlationData` this client alone
 * recognises; a command without an answer fails after `timeoutMs` with a message naming the usual causes.
 */
export class DynsecClient {
  private readonly pending = new Map<string, PromiseWithResolvers<DynsecResponse>>();
  private readonly prefix = randomUUID();
  private sequence = 0;

  constructor(
    private readonly client: MqttClient,
    private readonly log: Logger,
    private readonly timeoutMs = 5_000,
  ) {
    client.on('message', (topic, payload) => {
      if (topic === DYNSEC_RESPONSE_TOPIC) this.onResponse(payload);
    });
    // The response subscription must exist on every (re)connection whose session the broker forgot.
    client.on('connect', (connack) => {
      if (!connack.sessionPresent) this.subscribe();
    });
    if (client.connected) this.subscribe();
  }

  /** Sends the commands in one control message; answers in the same order, errors included (not thrown). */
  async execute(commands: DynsecCommand[]): Promise<DynsecResponse[]> {
    const tagged = commands.map((command) => ({
      ...command,
      correlationData: `${this.prefix}:${++this.sequence}`,
    }));
    const answers = tagged.map((command) => {
      const waiter = Promise.withResolvers<DynsecResponse>();
      this.pending.set(command.correlationData, waiter);
      return waiter.promise;
    });
    const timer = setTimeout(() => {
      for (const command of tagged) {
        this.pending
          .get(command.correlationData)
          ?.reject(
            new Error(
              `Mosquitto dynamic security did not answer "${command.command}" within ${this.timeoutMs} ms: is the broker ` +
                'running the dynamic-security plugin (MQTT_DYNSEC=on needs it) and does the server user hold its admin role?',
            ),
          );
        this.pending.delete(command.correlationData);
      }
    }, this.timeoutMs);
    try {
      await this.client.publishAsync(DYNSEC_TOPIC, JSON.stringify({ commands: tagged }), { qos: 1 });
      return await Promise.all(answers);
    } finally {
      clearTimeout(timer);
      for (const command of tagged) this.pending.delete(command.correlationData);
    }
  }

  private subscribe(): void {
    this.client.subscribe(DYNSEC_RESPONSE_TOPIC, { qos: 1 }, (error) => {
      if (error) this.log.error({ err: error }, 'cannot subscribe to the dynamic-security responses');
    });
  }

  private onResponse(payload: Buffer): void {
    let responses: Array<DynsecResponse & { correlationData?: unknown }>;
    try {
      responses = (JSON.parse(payload.toString('utf8')) as { responses?: typeof responses }).responses ?? [];
    } catch {
      this.log.warn('unreadable dynamic-security response');
      return;
    }
    for (const response of responses) {
      if (typeof response.correlationData !== 'string') continue;
      this.pending.get(response.correlationData)?.resolve(response);
    }
  }
}
