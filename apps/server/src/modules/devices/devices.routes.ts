import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminDevicePatch,
  cartView,
  devicePatchBody,
  devicesBulkPatchBody,
  errorBody,
  id,
  registerDeviceBody,
  registeredDevice,
} from '@fairway/domain';
import type { AppContext } from '../../context';
import { currentSite, currentUser } from '../../plugins/auth';
import { cartViewFor } from './devices.presenter';
import { declareAccess } from '../../plugins/route-access';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/** /api/dashboard/devices — the carts of the operator's selected site. */
export async function dashboardDeviceRoutes(instance: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const service = ctx.devices;

  app.get(
    '/',
    {
      preHandler: app.requireSite('basic'),
      schema: {
        summary: "List the selected site's carts with their state",
        operationId: 'listCarts',
        tags: ['devices'],
        security: [{ bearer: [], siteId: [] }],
        response: { 200: z.array(cartView), ...errors },
      },
    },
    async (request) => {
      const role = currentUser(request).role;
      return (await service.listForSite(currentSite(request))).map((view) => cartViewFor(view, role));
    },
  );

  const security = [{ bearer: [], siteId: [] }];
  app.get(
    '/:id',
    {
      preHandler: app.requireSite('basic'),
      schema: {
        summary: 'Read one cart of the selected site',
        operationId: 'getCart',
        tags: ['devices'],
        security,
        params: z.object({ id }),
        response: { 200: cartView, ...errors },
      },
    },
    async (request) =>
      cartViewFor(
        await service.getForSite(currentSite(request), request.params.id),
        currentUser(request).role,
      ),
  );

  // Role per field is decided by the service (§6): basic may switch key mode, user edits, admin the rest.
  app.patch(
    '/:id',
    {
      preHandler: app.requireSite('basic'),
      schema: {
        summary: "Change one cart's settings",
        operationId: 'updateCart',
        tags: ['devices'],
        security,
        params: z.object({ id }),
        body: devicePatchBody,
        response: { 200: cartView, ...errors },
      },
    },
    async (request) => {
      const role = currentUser(request).role;
      return cartViewFor(
        await service.updateForSite(currentSite(request), request.params.id, request.body, role),
        role,
      );
    },
  );

  app.patch(
    '/',
    {
      preHandler: app.requireSite('basic'),
      schema: {
        summary: 'Change settings of several carts at once',
        operationId: 'updateCarts',
        tags: ['devices'],
        security,
        body: devicesBulkPatchBody,
        response: { 200: z.array(cartView), ...errors },
      },
    },
    async (request) => {
      const role = currentUser(request).role;
      const views = await service.updateManyForSite(currentSite(request), request.body, role);
      return views.map((view) => cartViewFor(view, role));
    },
  );
}

/** /api/admin/devices — every tracker, superadmin only. */
export async function adminDeviceRoutes(instance: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const service = ctx.devices;
  declareAccess(app, { role: 'superadmin', site: false });
  const security = [{ bearer: [] }];

  // The paged list (GET /) and the Device Manager's bulk actions: admin-devices.routes.ts.
  app.get(
    '/:id',
    {
      schema: {
        summary: 'Read one tracker',
        operationId: 'adminGetDevice',
        tags: ['admin'],
        security,
        params: z.object({ id }),
        response: { 200: cartView, ...errors },
      },
    },
    (request) => service.get(request.params.id),
  );

  app.post(
    '/',
    {
      schema: {
        summary: 'Register a tracker into the staging site',
        operationId: 'adminRegisterDevice',
        tags: ['admin'],
        security,
        description: 'Registers a tracker into the staging site. The secret is shown only in this answer.',
        body: registerDeviceBody,
        response: { 201: registeredDevice, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await service.register(request.body.serial)),
  );

  app.patch(
    '/',
    {
      schema: {
        summary: 'Move trackers between sites or change their settings',
        operationId: 'adminUpdateDevices',
        tags: ['admin'],
        security,
        body: adminDevicePatch,
        response: { 200: z.array(cartView), ...errors },
      },
    },
    (request) => service.adminUpdate(request.body),
  );
}
