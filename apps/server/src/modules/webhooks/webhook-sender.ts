import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { WEBHOOK_LIMITS } from '@fairway/domain';

/** What one POST came to: the receiver's status, or why there was none. */
export interface SendOutcome {
  /** 2xx: delivered */
  ok: boolean;
  statusCode: number | null;
  error: string | null;
}

export interface WebhookSenderOptions {
  /** May a delivery go to a private, loopback or link-local address (WEBHOOK_ALLOW_PRIVATE)? */
  allowPrivate: boolean;
  /** The whole exchange (name lookup, connect, answer) must end within this; default WEBHOOK_LIMITS'. */
  timeoutMs?: number;
}

/** How much of an answer is read before the connection is dropped: only its status matters. */
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * Addresses a server must not be made to call on a partner's behalf: its own machine, its private networks,
 * link-local (cloud metadata at 169.254.169.254), carrier-grade NAT, multicast and the reserved ranges.
 */
const PRIVATE = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(prefix, bits, 'ipv4');
for (const [prefix, bits] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(prefix, bits, 'ipv6');

/** Whether `address` (an IP literal) is one a delivery may not reach when private addresses are refused. */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return PRIVATE.check(address, 'ipv4');
  if (family !== 6) return true;
  // An IPv4 address written as IPv6 (::ffff:10.0.0.1) is the IPv4 address.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  return mapped ? PRIVATE.check(mapped, 'ipv4') : PRIVATE.check(address, 'ipv6');
}

/** The host of a URL as an IP literal when it is one (IPv6 comes in brackets), else null. */
export function literalAddress(hostname: string): string | null {
  const bare = hostname.replace(/^\[(.*)\]$/, '$1');
  return net.isIP(bare) ? bare : null;
}

class Refused extends Error {}

/**
 * Posts one webhook delivery. The receiver's name is resolved once, the address checked, and the
 * connection made to exactly that address (node's `lookup` hook answers with it), so a name that answers a
 * public address to the check and a private one to the connect cannot reach inside (DNS rebinding). TLS still
 * checks the certificate against the name. Redirects are not followed: a 3xx is a failed attempt.
 */
export class WebhookSender {
  private readonly options: Required<WebhookSenderOptions>;

  constructor(options: WebhookSenderOptions) {
    this.options = { timeoutMs: WEBHOOK_LIMITS.timeoutMs, ...options };
  }

  async post(target: string, body: string, headers: Record<string, string>): Promise<SendOutcome> {
    const signal = AbortSignal.timeout(this.options.timeoutMs);
    try {
      const url = new URL(target);
      if (url.protocol !== 'http:' && url.protocol !== 'https:')
        throw new Refused(`Only http and https addresses are called (${url.protocol})`);
      const address = await this.resolve(url.hostname, signal);
      const statusCode = await this.exchange(url, address, body, headers, signal);
      return statusCode >= 200 && statusCode < 300
        ? { ok: true, statusCode, error: null }
        : { ok: false, statusCode, error: answerError(statusCode) };
    } catch (error) {
      return { ok: false, statusCode: null, error: this.describe(error, signal) };
    }
  }

  /** The one address to connect to, checked. */
  private async resolve(hostname: string, signal: AbortSignal): Promise<{ address: string; family: number }> {
    const literal = literalAddress(hostname);
    const candidates = literal
      ? [{ address: literal, family: net.isIP(literal) }]
      : await Promise.race([
          lookup(hostname, { all: true }),
          new Promise<never>((_, reject) =>
            signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true }),
          ),
        ]);
    const allowed = this.options.allowPrivate
      ? candidates
      : candidates.filter((candidate) => !isPrivateAddress(candidate.address));
    const chosen = allowed[0];
    if (!chosen)
      throw new Refused(
        `${hostname} resolves to a private network address (${candidates.map((c) => c.address).join(', ')}), ` +
          'which webhooks may not call',
      );
    return chosen;
  }

  private exchange(
    url: URL,
    address: { address: string; family: number },
    body: string,
    headers: Record<string, string>,
    signal: AbortSignal,
  ): Promise<number> {
    const client = url.protocol === 'https:' ? https : http;
    return new Promise<number>((resolve, reject) => {
      const request = client.request(
        url,
        {
          method: 'POST',
          headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
          signal,
          agent: false,
          // Connect to the address checked above, never to a second answer of the name.
          lookup: (_hostname, options, callback) => {
            if ((options as { all?: boolean }).all)
              (callback as (error: null, addresses: Array<{ address: string; family: number }>) => void)(
                null,
                [address],
              );
            else callback(null, address.address, address.family);
          },
        },
        (response) => {
          let read = 0;
          response.on('data', (chunk: Buffer) => {
            read += chunk.length;
            // Enough of an answer nobody reads: the status is what counts.
            if (read > MAX_ANSWER_BYTES) response.destroy();
          });
          response.on('close', () => resolve(response.statusCode ?? 0));
          response.on('error', () => resolve(response.statusCode ?? 0));
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  }

  private describe(error: unknown, signal: AbortSignal): string {
    if (signal.aborted) return `No answer within ${Math.round(this.options.timeoutMs / 1000)} s`;
    if (error instanceof Refused) return error.message;
    if (!(error instanceof Error)) return String(error);
    const code = (error as NodeJS.ErrnoException).code;
    return code && !error.message.includes(code) ? `${code}: ${error.message}` : error.message;
  }
}

function answerError(statusCode: number): string {
  if (statusCode >= 300 && statusCode < 400) return `HTTP ${statusCode} (redirects are not followed)`;
  return `HTTP ${statusCode}`;
}
