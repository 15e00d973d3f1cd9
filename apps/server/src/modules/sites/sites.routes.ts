import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminSiteCreate,
  adminSitePatch,
  dashboardSitePatch,
  errorBody,
  id,
  siteListItem,
  siteView,
} from '@fairway/domain';
import type { AppContext } from '../../context';
import { currentSite, currentUser } from '../../plugins/auth';
import { siteViewFor } from './sites.presenter';
import { declareAccess } from '../../plugins/route-access';

const dashboardSecurity = [{ bearer: [], siteId: [] }];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const publishNote =
  'Device settings (WiFi, lock, recovery mode, master code) stay unpublished until a PATCH with publish: ' +
  "true, which puts them into every cart's config; `unpublishedChanges` lists what the carts lack.";

/** /api/dashboard/sites — the operator's own sites. */
export async function dashboardSiteRoutes(instance: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const service = ctx.sites;

  app.get(
    '/list',
    {
      preHandler: app.requireRole('basic'),
      schema: {
        summary: 'List the sites the signed-in user may work on',
        operationId: 'listOwnSites',
        tags: ['sites'],
        security: [{ bearer: [] }],
        response: { 200: z.array(siteListItem), ...errors },
      },
    },
    (request) => service.listForUser(currentUser(request)),
  );

  app.get(
    '/',
    {
      preHandler: app.requireSite('basic'),
      schema: {
        summary: 'Read the selected site with its settings',
        operationId: 'getSite',
        tags: ['sites'],
        security: dashboardSecurity,
        response: { 200: siteView, ...errors },
      },
    },
    async (request) => siteViewFor(await service.get(currentSite(request)), currentUser(request).role),
  );

  app.patch(
    '/',
    {
      preHandler: app.requireSite('admin'),
      schema: {
        summary: "Change the selected site's settings, optionally publishing device settings",
        operationId: 'updateSite',
        tags: ['sites'],
        security: dashboardSecurity,
        description: publishNote,
        body: dashboardSitePatch,
        response: { 200: siteView, ...errors },
      },
    },
    (request) =>
      service.updateSettings(currentSite(request), request.body.updateData, {
        publish: request.body.publish,
      }),
  );
}

const siteParams = z.object({ id });

/** /api/admin/sites — every site, superadmin only. */
export async function adminSiteRoutes(instance: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const service = ctx.sites;
  declareAccess(app, { role: 'superadmin', site: false });
  const security = [{ bearer: [] }];

  app.get(
    '/',
    {
      schema: {
        summary: 'List every site',
        operationId: 'adminListSites',
        tags: ['admin'],
        security,
        response: { 200: z.array(siteView), ...errors },
      },
    },
    () => service.listAll(),
  );

  app.get(
    '/:id',
    {
      schema: {
        summary: 'Read one site',
        operationId: 'adminGetSite',
        tags: ['admin'],
        security,
        params: siteParams,
        response: { 200: siteView, ...errors },
      },
    },
    (request) => service.get(request.params.id),
  );

  app.post(
    '/',
    {
      schema: {
        summary: 'Create a site',
        operationId: 'adminCreateSite',
        tags: ['admin'],
        security,
        body: adminSiteCreate,
        response: { 201: siteView, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(request.body)),
  );

  app.patch(
    '/:id',
    {
      schema: {
        summary: "Change a site's general settings and modules",
        operationId: 'adminUpdateSite',
        tags: ['admin'],
        security,
        params: siteParams,
        body: adminSitePatch,
        response: { 200: siteView, ...errors },
      },
    },
    (request) =>
      service.updateSettings(request.params.id, request.body.updateData, { publish: request.body.publish }),
  );

  app.delete(
    '/:id',
    {
      schema: {
        summary: 'Delete a site; its carts move to staging',
        operationId: 'adminDeleteSite',
        tags: ['admin'],
        security,
        params: siteParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.delete(request.params.id);
      return reply.code(204).send(null);
    },
  );
}
