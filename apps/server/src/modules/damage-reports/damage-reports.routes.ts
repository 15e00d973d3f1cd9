import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DAMAGE_CATEGORIES,
  DAMAGE_PHOTO_FIELD,
  DAMAGE_REPORT_LIMITS,
  DAMAGE_REPORT_LIST_LIMIT,
  damageReportReceipt,
  damageReportView,
  errorBody,
  id,
} from '@fairway/domain';
import type { AppContext } from '../../context';
import { readMultipartUpload } from '../../lib/multipart-upload';
import { currentSite, currentUser } from '../../plugins/auth';
import { SECURITY } from '../../plugins/openapi';
import { declareAccess } from '../../plugins/route-access';
import { GUEST_ACTIONS, GUEST_ERRORS } from '../guest/guest-route-options';
import type { ReportUpload } from './damage-reports.service';

/** The text fields of the form, the only ones read (another field is drained and ignored). */
const TEXT_FIELDS = new Set(['category', 'description']);
/**
 * A field's bytes: the description's characters may take up to 4 bytes each in UTF-8. A longer value is cut
 * here and still too long for the schema, so it is refused, never stored cut.
 */
const FIELD_MAX_BYTES = DAMAGE_REPORT_LIMITS.descriptionMax * 4 + 16;

/**
 * POST /api/guest/devices/:deviceId/damage-reports — a guest's problem report from the cart's page (issue
 * 23): no login, multipart, rate-limited per address by the route and per cart and address per hour by
 * the service.
 */
export async function guestDamageReportRoutes(instance: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  declareAccess(app, 'public');
  // Registered here, not app-wide. One byte past the photo limit is read, so "too large" is told apart
  // from "exactly the limit" by length; nothing beyond it is buffered.
  await app.register(multipart, {
    limits: {
      files: 1,
      fileSize: DAMAGE_REPORT_LIMITS.photoMaxBytes + 1,
      fields: 4,
      parts: 5,
      fieldSize: FIELD_MAX_BYTES,
    },
    throwFileSizeLimit: false,
  });
  const service = ctx.damageReports;

  app.post(
    '/devices/:deviceId/damage-reports',
    {
      config: GUEST_ACTIONS,
      schema: {
        summary: 'Report a problem with a cart',
        operationId: 'reportCartDamage',
        tags: ['guest'],
        security: SECURITY.guest,
        consumes: ['multipart/form-data'],
        description:
          `Multipart: \`category\` (${DAMAGE_CATEGORIES.join(', ')}), \`description\` (optional, at most ` +
          `${DAMAGE_REPORT_LIMITS.descriptionMax} characters) and optionally the photo in ` +
          `\`${DAMAGE_PHOTO_FIELD}\` (JPEG, PNG, WebP or HEIC, at most ${DAMAGE_REPORT_LIMITS.photoMaxBytes} ` +
          'bytes; stored re-encoded as a JPEG without metadata). flat_tyre, battery and damage take the cart ' +
          'out of use with a maintenance block until staff resolve the report. 404 cartNotFound; 400 ' +
          'invalidField or photoNotAnImage; 413 photoTooLarge; 429 rateLimited after ' +
          `${DAMAGE_REPORT_LIMITS.perCartPerHour} reports about the cart or ` +
          `${DAMAGE_REPORT_LIMITS.perAddressPerHour} from the address within an hour.`,
        params: z.object({ deviceId: id }),
        response: { 201: damageReportReceipt, ...GUEST_ERRORS, 413: errorBody },
      },
    },
    async (request, reply) => {
      const receipt = await service.report(request.params.deviceId, request.ip, await readReport(request));
      return reply.code(201).send(receipt);
    },
  );
}

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** /api/dashboard/damage-reports — the selected site's reports for staff (role user and up). */
export async function dashboardDamageReportRoutes(instance: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const service = ctx.damageReports;
  const tags = ['damage reports'];

  app.get(
    '/',
    {
      preHandler: app.requireSite('user'),
      schema: {
        summary: "List the site's open damage reports",
        operationId: 'listOpenDamageReports',
        tags,
        security: SECURITY.site,
        description: "Every open report of the site's carts, newest first (the fleet's badges).",
        response: { 200: z.array(damageReportView), ...errors },
      },
    },
    (request) => service.listOpen(currentSite(request)),
  );

  app.get(
    '/devices/:deviceId',
    {
      preHandler: app.requireSite('user'),
      schema: {
        summary: "List a cart's damage reports",
        operationId: 'listCartDamageReports',
        tags,
        security: SECURITY.site,
        description:
          `The cart's reports, open ones first, each group newest first; at most ${DAMAGE_REPORT_LIST_LIMIT}. ` +
          'Photos come as signed addresses that expire after an hour. 404 for a cart of another site.',
        params: z.object({ deviceId: id }),
        response: { 200: z.array(damageReportView), ...errors },
      },
    },
    (request) => service.listForCart(currentSite(request), request.params.deviceId),
  );

  app.post(
    '/:id/resolve',
    {
      preHandler: app.requireSite('user'),
      schema: {
        summary: 'Resolve a damage report',
        operationId: 'resolveDamageReport',
        tags,
        security: SECURITY.site,
        description:
          'Marks the report resolved and ends the maintenance block it opened now, unless another open ' +
          'report still points at it or staff made the block. 409 alreadyResolved.',
        params: z.object({ id }),
        response: { 200: damageReportView, ...errors, 409: errorBody },
      },
    },
    (request) => service.resolve(currentSite(request), request.params.id, currentUser(request).id),
  );
}

/** The form's text fields and its photo's bytes (another field is ignored, another file drained). */
async function readReport(request: FastifyRequest): Promise<ReportUpload> {
  const { fields, file } = await readMultipartUpload(request, DAMAGE_PHOTO_FIELD, TEXT_FIELDS);
  return { fields, photo: file?.bytes ?? null };
}
