import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

export interface SecurityHeaderOptions {
  /** The address guests and operators open; HSTS and upgrade-insecure-requests only when it is https. */
  publicUrl: string;
  /** Map tile URL templates (street and satellite); their hosts may serve images. */
  tileUrls: string[];
  /** Origins that serve stored files to pages by signed URL (the S3 bucket's), beside this server. */
  fileOrigins?: string[];
}

/**
 * Where a tile URL template's images come from, as a CSP source: `https://{s}.tile.example.org/{z}/…`
 * becomes `https://*.tile.example.org`; a relative template is this server ('self').
 */
export function tileSource(template: string): string {
  const match = /^(https?:)\/\/([^/?#]+)/i.exec(template);
  if (!match) return "'self'";
  return `${match[1]!.toLowerCase()}//${match[2]!.replace(/\{[^}]*\}/g, '*')}`;
}

/**
 * Security headers on every answer, pages and API alike, by @fastify/helmet. The policy allows what the
 * apps load: the Vite bundles and Socket.IO from this origin, MUI/emotion's injected styles (hence
 * 'unsafe-inline' for styles only; no inline script anywhere), tiles from the configured hosts, files and
 * QR codes (data: URIs) and the S3 bucket's signed file URLs as images. Nothing may frame Fairway: no page is meant to be embedded. Referrers
 * carry only the origin to other sites (tile servers ask for one; reset links keep their tokens).
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, opts: SecurityHeaderOptions) => {
  const https = opts.publicUrl.toLowerCase().startsWith('https://');
  const tiles = [...new Set(opts.tileUrls.map(tileSource))].filter((source) => source !== "'self'");
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...tiles, ...(opts.fileOrigins ?? [])],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Only an https address may pin browsers to https; a club LAN on http must keep working.
    strictTransportSecurity: https ? { maxAge: 180 * 24 * 60 * 60, includeSubDomains: false } : false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Site logos and covers (/api/files) appear in mails and on other sites' pages.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
});
