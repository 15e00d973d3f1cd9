import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, id, simCardPatchBody, simCardView, simResetProgress } from '@fairway/domain';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { declareAccess } from '../../plugins/route-access';

const tags = ['sim-cards'];
const security = [{ bearer: [] }];
const params = z.object({ id });
const denied = { 401: errorBody, 403: errorBody };
/** The SIM provider refused (409, its reason) or is away (503). */
const provider = { 409: errorBody, 503: errorBody };

/** Admin `/devices/{id}/sim` (spec §2 manage SIM, §4, §7 SIM provider): superadmins only, any site. */
export async function adminSimCardRoutes(instance: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const service = ctx.simCards;
  declareAccess(app, { role: 'superadmin', site: false });

  app.get(
    '/:id/sim',
    {
      schema: {
        tags,
        security,
        summary: "A tracker's SIM card at the SIM provider",
        operationId: 'getDeviceSim',
        description:
          'Registered: the endpoint and SIM status and the live connectivity (ONLINE, ATTACHED, OFFLINE, BLOCKED). ' +
          'When the provider no longer knows the stored endpoint (404), the tracker forgets it and the answer ' +
          'is the unregistered state.',
        params,
        response: { 200: simCardView, ...denied, 404: errorBody, ...provider },
      },
    },
    (request) => service.view(request.params.id),
  );

  app.post(
    '/:id/sim',
    {
      schema: {
        tags,
        security,
        summary: "Register the tracker's SIM card",
        operationId: 'registerDeviceSim',
        description:
          'Finds the SIM the modem reported (its CCID) at the provider and makes an endpoint for it, named by ' +
          'car number and serial and tagged with the site. 400 when the tracker has not reported a CCID, 404 ' +
          "'SIM Card not found', 409 when already registered.",
        params,
        response: { 200: simCardView, 400: errorBody, ...denied, 404: errorBody, ...provider },
      },
    },
    (request) => service.register(request.params.id),
  );

  app.patch(
    '/:id/sim',
    {
      schema: {
        tags,
        security,
        summary: "Enable or disable the tracker's SIM",
        operationId: 'updateDeviceSim',
        description:
          'Changes both the endpoint status (0 enabled, 1 disabled) and the SIM status (1 active, 2 suspended).',
        params,
        body: simCardPatchBody,
        response: { 200: simCardView, 400: errorBody, ...denied, 404: errorBody, ...provider },
      },
    },
    (request) => service.setEnabled(request.params.id, request.body.enabled),
  );

  app.delete(
    '/:id/sim',
    {
      schema: {
        tags,
        security,
        summary: "De-register the tracker's SIM",
        operationId: 'deregisterDeviceSim',
        description: 'Disables and deletes the endpoint at the provider, and the tracker forgets it.',
        params,
        response: { 200: simCardView, ...denied, 404: errorBody, ...provider },
      },
    },
    (request) => service.deregister(request.params.id),
  );

  app.post(
    '/:id/sim/reset',
    {
      schema: {
        tags,
        security,
        summary: "Reset the tracker's SIM",
        operationId: 'resetDeviceSim',
        description:
          'Starts the four steps (disable the endpoint, enable it, suspend the SIM, activate it, each followed by ' +
          "2 s) and answers 202 at once; progress follows on the socket event `sim:reset` to the tracker's site " +
          'room and from GET. 409 while a reset of this tracker is under way or when the SIM is not registered.',
        params,
        response: { 202: simResetProgress, ...denied, 404: errorBody, ...provider },
      },
    },
    async (request, reply) => reply.code(202).send(await service.startReset(request.params.id)),
  );

  app.get(
    '/:id/sim/reset',
    {
      schema: {
        tags,
        security,
        summary: "The latest SIM reset's progress",
        operationId: 'getDeviceSimReset',
        description: '404 when no reset of this tracker was started since the server started.',
        params,
        response: { 200: simResetProgress, ...denied, 404: errorBody },
      },
    },
    (request) => {
      const progress = service.resetProgress(request.params.id);
      if (!progress) throw notFound('No SIM reset of this tracker yet');
      return progress;
    },
  );
}
