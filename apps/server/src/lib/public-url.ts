import type { Config } from '../config';
import { HttpError } from './errors';

/** What the address of a request is read from: Fastify's `protocol` and `host` (X-Forwarded-* only when
 *  TRUST_PROXY trusts the proxy that sent them). */
export interface RequestAddress {
  protocol: string;
  host: string;
}

/** A host name, IPv4 or bracketed IPv6 address, and an optional port: nothing that could carry a path,
 *  credentials, another header or a second address. */
const HOST =
  /^(?:[a-z\d](?:[a-z\d-]{0,61}[a-z\d])?(?:\.[a-z\d](?:[a-z\d-]{0,61}[a-z\d])?)*|\[[a-f\d:.]+\])(?::\d{1,5})?$/i;

/**
 * The origin a request reached this server at (`https://club.example:8443`). Refuses (400) a Host that is
 * not a plain host and port, so a forged header cannot inject anything into the links built from it.
 */
export function requestOrigin(request: RequestAddress): string {
  const protocol = request.protocol === 'https' ? 'https' : request.protocol === 'http' ? 'http' : null;
  if (!protocol || !HOST.test(request.host))
    throw new HttpError(400, 'The request names no valid host', 'badHost');
  return new URL(`${protocol}://${request.host}`).origin;
}

/**
 * The base address of links built for a browser during a request (checkout pages, onboarding and return
 * addresses): PUBLIC_URL when set, else where this request reached the server, so a phone on the club's
 * network is never sent to `localhost` (issue #15).
 */
export function publicBase(config: Pick<Config, 'PUBLIC_URL'>, request: RequestAddress): string {
  return config.PUBLIC_URL ? config.PUBLIC_URL.replace(/\/+$/, '') : requestOrigin(request);
}
