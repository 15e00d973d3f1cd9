import fs from 'node:fs';
import zlib from 'node:zlib';
import path from 'node:path';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './context';
import { authPlugin } from './plugins/auth';
import { apiKeyPlugin, rateLimitKey } from './plugins/api-key';
import { openApiPlugin } from './plugins/openapi';
import { errorsPlugin } from './plugins/errors';
import { RateLimitedError } from './lib/errors';
import { securityHeadersPlugin } from './plugins/security-headers';
import { bucketOrigin } from './lib/s3-location';
import { textInputPlugin } from './plugins/text-input';
import { authRoutes } from './modules/auth/auth.routes';
import { adminUserRoutes } from './modules/users/users.routes';
import { adminProfileRoutes } from './modules/profiles/profiles.routes';
import { adminBookingRoutes } from './modules/bookings/admin-bookings.routes';
import { adminPaymentRoutes } from './modules/payments/admin-payments.routes';
import { adminSupportExportRoutes } from './modules/support/support.routes';
import { adminDashboardRoutes } from './modules/admin-dashboard/admin-dashboard.routes';
import { adminActivityRoutes } from './modules/activity/activity.routes';
import { dashboardSiteRoutes, adminSiteRoutes } from './modules/sites/sites.routes';
import { dashboardDeviceRoutes, adminDeviceRoutes } from './modules/devices/devices.routes';
import { adminCommandRoutes, dashboardCommandRoutes } from './modules/commands/commands.routes';
import { adminDeviceLogRoutes } from './modules/device-logs/device-logs.routes';
import { adminDeviceManagerRoutes } from './modules/devices/admin-devices.routes';
import { dashboardBatteryRoutes } from './modules/devices/battery.routes';
import { platformRoutes } from './modules/platform/platform.routes';
import { instanceRoutes } from './modules/platform/instance.routes';
import { guestRideRoutes } from './modules/guest/guest-rides.routes';
import { dashboardRideRoutes } from './modules/rides/rides.routes';
import { guestRoutes } from './modules/guest/guest.routes';
import { guestPortalRoutes } from './modules/guest/guest-portal.routes';
import { guestBookingRoutes } from './modules/guest/guest-bookings.routes';
import { storageRoutes } from './modules/storage/storage.routes';
import { adminFirmwareRoutes } from './modules/firmware/firmware-admin.routes';
import { rideHistoryRoutes } from './modules/history/history.routes';
import { rideUsageRoutes } from './modules/reports/usage.routes';
import { dashboardMemberRoutes } from './modules/members/members.routes';
import { dashboardCodeRoutes } from './modules/codes/codes.routes';
import { dashboardUserGroupRoutes } from './modules/user-groups/user-groups.routes';
import { dashboardZoneRoutes } from './modules/zones/zones.routes';
import { dashboardCourseRoutes } from './modules/courses/courses.routes';
import { dashboardServiceRoutes } from './modules/services/services.routes';
import { dashboardSiteImageRoutes } from './modules/sites/site-images.routes';
import { dashboardPosterRoutes } from './modules/sites/poster/poster.routes';
import { publicFileRoutes } from './modules/files/files.routes';
import { signedFileRoutes } from './modules/files/signed-files.routes';
import { dashboardOnboardingRoutes } from './modules/payments/onboarding.routes';
import { sandboxProviderRoutes } from './modules/payments/sandbox/sandbox.routes';
import { paymentWebhookRoutes } from './modules/payments/webhook.routes';
import { dashboardPaymentRoutes } from './modules/payments/payments.routes';
import { guestPaymentRoutes } from './modules/payments/checkout.routes';
import { dashboardBookingRoutes } from './modules/bookings/bookings.routes';
import {
  dashboardDamageReportRoutes,
  guestDamageReportRoutes,
} from './modules/damage-reports/damage-reports.routes';
import { adminClientRoutes } from './modules/clients/clients.routes';
import { clientApiRoutes } from './modules/clients/client-api.routes';
import { adminWebhookRoutes, clientWebhookRoutes } from './modules/webhooks/webhooks.routes';
import { adminSimCardRoutes } from './modules/sim-cards/sim-cards.routes';
import { gbfsRoutes } from './modules/gbfs/gbfs.routes';
import { WEB_DIST_DIR } from './lib/locations';

function trustProxySetting(value: string): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (value === 'off') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value.split(',').map((part) => part.trim());
}

/** Builds the HTTP application; used by the runtime and by tests through `app.inject` or a real port. */
export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: ctx.log as FastifyBaseLogger,
    trustProxy: trustProxySetting(ctx.config.TRUST_PROXY),
    bodyLimit: 5 * 1024 * 1024,
    // '/api/x' and '/api/x/' are one route (clients call both), so the OpenAPI document lists it once.
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin, {
    publicUrl: ctx.config.publicUrl,
    tileUrls: [ctx.config.TILE_STREET_URL, ctx.config.TILE_SATELLITE_URL],
    fileOrigins: ctx.config.s3 ? [bucketOrigin(ctx.config.s3)] : [],
  });
  await app.register(rateLimit, {
    global: false,
    // Every 429 has one shape ({ message, code: 'rateLimited', retryAfter }): a page counts down in its own
    // language whichever limit it met, and routes declare one 429 schema.
    errorResponseBuilder: (_request, context) =>
      new RateLimitedError(Math.max(1, Math.ceil(context.ttl / 1000))),
    // A partner app or booking system is counted by its API key (plugins/api-key.ts), anyone else by address.
    keyGenerator: rateLimitKey,
  });
  // Phones on a course's 4G open the guest page (its JavaScript budget is counted gzip) and operators load
  // sizeable lists: answers over 1 kB are compressed. Brotli at quality 5 costs about what gzip does.
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  await app.register(openApiPlugin, { publicUrl: ctx.config.publicUrl });
  await app.register(authPlugin, { access: ctx.siteAccess, sessions: ctx.sessionCheck });
  await app.register(apiKeyPlugin, { keys: ctx.apiClients, optionalUnder: '/api/guest/' });
  await app.register(textInputPlugin);

  await app.register(platformRoutes, { prefix: '/api', ctx });
  await app.register(authRoutes, { prefix: '/api/dashboard/auth', ctx });
  await app.register(dashboardSiteRoutes, { prefix: '/api/dashboard/sites', ctx });
  await app.register(dashboardSiteImageRoutes, { prefix: '/api/dashboard/sites', ctx });
  await app.register(dashboardPosterRoutes, { prefix: '/api/dashboard/sites', ctx });
  await app.register(dashboardOnboardingRoutes, { prefix: '/api/dashboard/sites/stripe', ctx });
  await app.register(publicFileRoutes, { prefix: '/api/files', ctx });
  await app.register(signedFileRoutes, { prefix: '/api/signed-files', ctx });
  await app.register(sandboxProviderRoutes, { prefix: '/api/sandbox', ctx });
  await app.register(paymentWebhookRoutes, { prefix: '/api/payments', ctx });
  await app.register(dashboardPaymentRoutes, { prefix: '/api/dashboard/payments', ctx });
  await app.register(guestPaymentRoutes, { prefix: '/api/guest', ctx });
  await app.register(dashboardDeviceRoutes, { prefix: '/api/dashboard/devices', ctx });
  await app.register(dashboardZoneRoutes, { prefix: '/api/dashboard/zones', ctx });
  await app.register(dashboardCourseRoutes, { prefix: '/api/dashboard/sites/course', ctx });
  await app.register(dashboardCommandRoutes, { prefix: '/api/dashboard/devices', ctx });
  await app.register(dashboardBatteryRoutes, { prefix: '/api/dashboard/devices', ctx });
  await app.register(rideHistoryRoutes, { prefix: '/api/dashboard/rides/history', ctx });
  await app.register(rideUsageRoutes, { prefix: '/api/dashboard/rides/chart', ctx });
  await app.register(dashboardRideRoutes, { prefix: '/api/dashboard/rides', ctx });
  await app.register(dashboardMemberRoutes, { prefix: '/api/dashboard/members', ctx });
  await app.register(dashboardCodeRoutes, { prefix: '/api/dashboard/codes', ctx });
  await app.register(dashboardUserGroupRoutes, { prefix: '/api/dashboard/sites/user-groups', ctx });
  await app.register(dashboardServiceRoutes, { prefix: '/api/dashboard/services', ctx });
  await app.register(dashboardBookingRoutes, { prefix: '/api/dashboard/bookings', ctx });
  await app.register(dashboardDamageReportRoutes, { prefix: '/api/dashboard/damage-reports', ctx });
  await app.register(adminSiteRoutes, { prefix: '/api/admin/sites', ctx });
  await app.register(adminDeviceRoutes, { prefix: '/api/admin/devices', ctx });
  await app.register(adminFirmwareRoutes, { prefix: '/api/admin/devices', ctx });
  await app.register(adminCommandRoutes, { prefix: '/api/admin/devices', ctx });
  await app.register(adminDeviceLogRoutes, { prefix: '/api/admin/devices', ctx });
  await app.register(adminDeviceManagerRoutes, { prefix: '/api/admin/devices', ctx });
  await app.register(adminSimCardRoutes, { prefix: '/api/admin/devices', ctx });
  await app.register(adminUserRoutes, { prefix: '/api/admin/users', ctx });
  await app.register(adminProfileRoutes, { prefix: '/api/admin/profiles', ctx });
  await app.register(adminBookingRoutes, { prefix: '/api/admin/bookings', ctx });
  await app.register(adminPaymentRoutes, { prefix: '/api/admin/payments', ctx });
  await app.register(adminSupportExportRoutes, { prefix: '/api/admin/users/support-export', ctx });
  await app.register(adminDashboardRoutes, { prefix: '/api/admin/dashboard', ctx });
  await app.register(instanceRoutes, { prefix: '/api/admin/instance', ctx });
  await app.register(adminActivityRoutes, { prefix: '/api/admin/activity', ctx });
  await app.register(adminClientRoutes, { prefix: '/api/admin/clients', ctx });
  await app.register(clientApiRoutes, { prefix: '/api/client/v1', ctx });
  await app.register(adminWebhookRoutes, { prefix: '/api/admin/clients', ctx });
  await app.register(clientWebhookRoutes, { prefix: '/api/client/v1/webhooks', ctx });
  await app.register(guestRoutes, { prefix: '/api/guest', ctx });
  await app.register(guestRideRoutes, { prefix: '/api/guest', ctx });
  await app.register(guestPortalRoutes, { prefix: '/api/guest', ctx });
  await app.register(guestBookingRoutes, { prefix: '/api/guest', ctx });
  await app.register(guestDamageReportRoutes, { prefix: '/api/guest', ctx });
  await app.register(storageRoutes, { prefix: '/api/storage', ctx });
  await app.register(gbfsRoutes, { prefix: '/api/gbfs', ctx });

  const hasWebApp = fs.existsSync(path.join(WEB_DIST_DIR, 'index.html'));
  if (hasWebApp)
    await app.register(fastifyStatic, {
      root: WEB_DIST_DIR,
      wildcard: false,
      // Bundle files carry their content hash in their names: cache them for good; the HTML shells never.
      setHeaders: (reply, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  // History-mode routing: every GET that is not an API call, a file or a bundle file serves an app shell. It is a
  // route, not the not-found handler's answer, because the compression plugin's hooks attach to routes only: a
  // phone on a course's 4G loads the guest shell first (ride.html, 8.6 kB, 2.5 kB with Brotli). A missing bundle
  // file must be a 404, not the app shell, or a stale tab fails to load a lazy chunk silently.
  const routeNotFound = (request: FastifyRequest, reply: FastifyReply) =>
    reply.code(404).send({ message: `Route ${request.method} ${request.url.split('?')[0]} not found` });
  if (hasWebApp)
    app.get('/*', { schema: { hide: true } }, (request, reply) =>
      ['/api/', '/socket.io', '/assets/'].some((prefix) => request.url.startsWith(prefix))
        ? routeNotFound(request, reply)
        : reply.type('text/html').sendFile(shellFor(request.url)),
    );
  app.setNotFoundHandler(routeNotFound);
  return app;
}

/**
 * The guest pages (a phone that scanned a cart's QR code or a club's poster: the ride flow, the site portal
 * and the booking page, issue 18) are their own small entry, so they never load the operator app; every
 * other path gets the operator app's shell.
 */
export function shellFor(url: string): 'ride.html' | 'index.html' {
  const path = url.split('?')[0]!;
  return /^\/(ride|unlock|guest)\/[^/]/.test(path) ? 'ride.html' : 'index.html';
}
