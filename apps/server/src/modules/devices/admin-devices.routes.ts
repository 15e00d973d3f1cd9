import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminBulkResult,
  adminDeviceFilter,
  adminDeviceIds,
  adminDevicePage,
  adminDeviceQuery,
  adminDeviceView,
  adminHardwareInfoBody,
  adminServerBody,
  adminVehicleSettingsBody,
  calibrateBatteryBody,
  errorBody,
  findDeviceQuery,
  moveDevicesBody,
  publishDevicesBody,
  replaceDeviceBody,
  replaceDeviceResult,
} from '@fairway/domain';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { sendAttachment } from '../../lib/attachment';
import { fileAnswer } from '../../plugins/openapi';
import { declareAccess } from '../../plugins/route-access';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const BULK =
  'Answers how many trackers took it, their ids, and the trackers skipped with the reason (notFound, ' +
  'openRide, futureBookings, carNumberTaken) and a message to show.';

/**
 * /api/admin/devices — the Device Manager (issue 20, spec §2 Admin area): the paged list, find, CSV export
 * and the bulk actions, superadmin only (spec §6). Commands go through POST /api/admin/devices/ping
 * (commands.routes.ts); register, read one and the generic PATCH are in devices.routes.ts.
 */
export async function adminDeviceManagerRoutes(instance: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const service = ctx.adminDevices;
  declareAccess(app, { role: 'superadmin', site: false });
  const schema = { tags: ['admin'], security: [{ bearer: [] }] };

  app.get(
    '/',
    {
      schema: {
        summary: 'List trackers of every site, paged, sorted and searched',
        operationId: 'adminListDevices',
        description:
          '`q` matches the serial (dashes, spaces, underscores and case ignored), car number, car name, ' +
          'CCID or site name. `sites` counts the matching trackers per site over all pages.',
        ...schema,
        querystring: adminDeviceQuery,
        response: { 200: adminDevicePage, ...errors },
      },
    },
    (request) => service.list(request.query),
  );

  app.get(
    '/find',
    {
      schema: {
        summary: 'Find trackers by serial',
        operationId: 'adminFindDevice',
        description: 'Dashes, spaces, underscores and case are ignored; 404 "No devices found".',
        ...schema,
        querystring: findDeviceQuery,
        response: { 200: z.array(adminDeviceView), ...errors },
      },
    },
    (request) => service.find(request.query.serial),
  );

  app.get(
    '/export',
    {
      schema: {
        summary: 'Download the matching trackers as CSV',
        operationId: 'adminExportDevices',
        description:
          'Answers text/csv (UTF-8 with a BOM, comma separated, "." decimals, ISO 8601 UTC times): every ' +
          'tracker the list would show with the same `q`, `siteId` and sort, one row each.',
        ...schema,
        querystring: adminDeviceFilter,
        produces: ['text/csv'],
        response: { 200: fileAnswer('text/csv', 'The trackers, one row each'), ...errors },
      },
    },
    async (request, reply) => {
      const file = await service.csv(request.query);
      return sendAttachment(reply, { type: 'text/csv; charset=utf-8', ...file });
    },
  );

  app.patch(
    '/vehicle-settings',
    {
      schema: {
        summary: "Set trackers' vehicle settings",
        operationId: 'adminSetDevicesVehicle',
        description: BULK,
        ...schema,
        body: adminVehicleSettingsBody,
        response: { 200: adminBulkResult, ...errors },
      },
    },
    (request) => service.setVehicleInfo(request.body.ids, request.body.vehicleInfo),
  );

  app.patch(
    '/hardware-info',
    {
      schema: {
        summary: "Set trackers' hardware info",
        operationId: 'adminSetDevicesHardware',
        description: BULK,
        ...schema,
        body: adminHardwareInfoBody,
        response: { 200: adminBulkResult, ...errors },
      },
    },
    (request) => service.setHardwareInfo(request.body.ids, request.body.hardwareInfo),
  );

  app.patch(
    '/server',
    {
      schema: {
        summary: 'Transfer trackers to the prod or beta server',
        operationId: 'adminSetDevicesServer',
        description: `Stored and published in the trackers' device settings. ${BULK}`,
        ...schema,
        body: adminServerBody,
        response: { 200: adminBulkResult, ...errors },
      },
    },
    (request) => service.setServer(request.body.ids, request.body.server),
  );

  app.post(
    '/calibrate-battery',
    {
      schema: {
        summary: "Calibrate trackers' battery reading",
        operationId: 'adminCalibrateBattery',
        description: `3–77.99, kept to two decimals; 75 resets. Published in the device settings. ${BULK}`,
        ...schema,
        body: calibrateBatteryBody,
        response: { 200: adminBulkResult, ...errors },
      },
    },
    (request) => service.calibrateBattery(request.body.ids, request.body.value),
  );

  app.post(
    '/publish',
    {
      schema: {
        summary: 'Publish site or device settings to trackers',
        operationId: 'adminPublishDevices',
        description: BULK,
        ...schema,
        body: publishDevicesBody,
        response: { 200: adminBulkResult, ...errors },
      },
    },
    (request) => service.publish(request.body.ids, request.body.what),
  );

  app.patch(
    '/site',
    {
      schema: {
        summary: 'Move trackers to another site',
        operationId: 'adminMoveDevices',
        description: `A tracker in a ride or with bookings to come stays. ${BULK}`,
        ...schema,
        body: moveDevicesBody,
        response: { 200: adminBulkResult, ...errors },
      },
    },
    (request) => service.moveToSite(request.body.ids, request.body.siteId),
  );

  app.delete(
    '/',
    {
      schema: {
        summary: 'Delete trackers',
        operationId: 'adminDeleteDevices',
        description:
          'A tracker in a ride or with bookings to come is kept. A deleted tracker loses its broker access at ' +
          'once (a connected one is disconnected); its rides, bookings, positions, commands and logs go ' +
          `with it, payments stay. ${BULK}`,
        ...schema,
        body: adminDeviceIds,
        response: { 200: adminBulkResult, ...errors },
      },
    },
    (request) => service.remove(request.body.ids),
  );

  app.post(
    '/replace',
    {
      schema: {
        summary: 'Replace a car’s tracker with a free one',
        operationId: 'adminReplaceDevice',
        description:
          'The new tracker takes over the car: number, name, icon, note, lock code, vehicle and hardware ' +
          'info, settings, site, and its rides, bookings, payments, positions, trails, activity and commands. ' +
          'The old one goes to staging without them. 409 when the new tracker is a car already or either ' +
          'is in a ride.',
        ...schema,
        body: replaceDeviceBody,
        response: { 200: replaceDeviceResult, ...errors },
      },
    },
    (request) => service.replace(request.body),
  );
}
