import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bulkCommandResult,
  bulkIds,
  bulkPingBody,
  bulkUnlockBody,
  commandOutcome,
  commandView,
  errorBody,
  id,
  manualUnlockBody,
  pingBody,
  type CommandOutcome,
  type CommandSource,
} from '@fairway/domain';
import type { AppContext } from '../../context';
import { currentSite, currentUser } from '../../plugins/auth';
import { cartViewFor } from '../devices/devices.presenter';
import type { Requester } from './commands.service';
import { declareAccess } from '../../plugins/route-access';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const params = z.object({ id });

const requester = (request: FastifyRequest, source: CommandSource): Requester => {
  const user = currentUser(request);
  return { userId: user.id, role: user.role, source };
};

/**
 * /api/dashboard/devices — lock, unlock and ping the selected site's carts. Single-cart calls answer once
 * the cart acknowledged (or the §4 lock-poll window closed); bulk calls answer once the commands are sent,
 * and their outcomes follow on the socket (`command:update`).
 */
export async function dashboardCommandRoutes(instance: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { commands } = ctx;
  const security = [{ bearer: [], siteId: [] }];
  const tags = ['commands'];
  const preHandler = app.requireSite('basic');
  // The answer's cart shows its open ride's driver and distance, as its socket pushes do.
  const { cartActivity } = ctx;
  // Its lock code only for roles that see codes (`maySeeCodes`).
  const answer = async (request: FastifyRequest, outcome: CommandOutcome): Promise<CommandOutcome> => ({
    ...outcome,
    device: cartViewFor(await cartActivity.present(outcome.device), currentUser(request).role),
  });

  app.post(
    '/:id/lock',
    {
      preHandler,
      schema: {
        summary: 'Lock a cart and wait for its acknowledgement',
        operationId: 'lockCart',
        tags,
        security,
        description: 'Locks a cart and waits for its acknowledgement (at most 10 s).',
        params,
        response: { 200: commandOutcome, ...errors },
      },
    },
    async (request) =>
      answer(
        request,
        await ctx.rides.operatorLock.lock(
          currentSite(request),
          request.params.id,
          requester(request, 'dashboard'),
        ),
      ),
  );
  app.post(
    '/:id/unlock',
    {
      preHandler,
      schema: {
        summary: 'Unlock a cart and wait for its acknowledgement',
        operationId: 'unlockCart',
        tags,
        security,
        description:
          'Unlocks a cart and waits for its acknowledgement (at most 10 s). A cart without an open ride gets a ' +
          "'manual' ride, unlocked by the signed-in operator and described by the optional body; a paused " +
          'ride carries on, and a guest ride still waiting for the cart is confirmed.',
        params,
        body: manualUnlockBody,
        response: { 200: commandOutcome, ...errors },
      },
    },
    async (request) =>
      answer(
        request,
        await ctx.rides.operatorLock.unlock(
          currentSite(request),
          request.params.id,
          request.body,
          requester(request, 'dashboard'),
        ),
      ),
  );
  app.post(
    '/lock',
    {
      preHandler,
      schema: {
        summary: 'Lock several carts',
        operationId: 'lockCarts',
        tags,
        security,
        body: bulkIds,
        response: { 200: bulkCommandResult, ...errors },
      },
    },
    (request) =>
      commands.setLockMany(currentSite(request), request.body.ids, 1, requester(request, 'dashboard')),
  );
  app.post(
    '/unlock',
    {
      preHandler,
      schema: {
        summary: 'Unlock several carts',
        operationId: 'unlockCarts',
        tags,
        security,
        description:
          "Bulk unlock. Each acknowledged cart without an open ride gets a 'manual' ride unlocked by the " +
          'signed-in operator (`rideData.unlockedBy` is accepted for the spec, the server records the user).',
        body: bulkUnlockBody,
        response: { 200: bulkCommandResult, ...errors },
      },
    },
    (request) =>
      commands.setLockMany(currentSite(request), request.body.ids, 0, requester(request, 'dashboard')),
  );

  app.post(
    '/:id/ping',
    {
      preHandler,
      schema: {
        summary: 'Send a cart a ping command',
        operationId: 'pingCart',
        tags,
        security,
        params,
        body: pingBody,
        response: { 200: commandOutcome, ...errors },
      },
    },
    async (request) => {
      const outcome = await commands.ping(
        currentSite(request),
        request.params.id,
        request.body.command,
        requester(request, 'dashboard'),
      );
      return { ...outcome, device: cartViewFor(outcome.device, currentUser(request).role) };
    },
  );
  app.post(
    '/ping',
    {
      preHandler,
      schema: {
        summary: 'Send several carts a ping command',
        operationId: 'pingCarts',
        tags,
        security,
        body: bulkPingBody,
        response: { 200: bulkCommandResult, ...errors },
      },
    },
    (request) =>
      commands.pingMany(
        currentSite(request),
        request.body.ids,
        request.body.command,
        requester(request, 'dashboard'),
      ),
  );
  app.get(
    '/:id/commands',
    {
      preHandler,
      schema: {
        summary: 'List the commands sent to a cart',
        operationId: 'listCartCommands',
        tags,
        security,
        params,
        response: { 200: z.array(commandView), ...errors },
      },
    },
    (request) => commands.recentForDevice(currentSite(request), request.params.id),
  );
}

/** /api/admin/devices — ping any tracker (superadmin), codes 1–11 or custom. */
export async function adminCommandRoutes(instance: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { commands } = ctx;
  declareAccess(app, { role: 'superadmin', site: false });
  const schema = { tags: ['admin'], security: [{ bearer: [] }] };

  app.post(
    '/:id/ping',
    {
      schema: {
        summary: 'Send any tracker a ping command',
        operationId: 'adminPingDevice',
        ...schema,
        params,
        body: pingBody,
        response: { 200: commandOutcome, ...errors },
      },
    },
    (request) => commands.ping(null, request.params.id, request.body.command, requester(request, 'admin')),
  );
  app.post(
    '/ping',
    {
      schema: {
        summary: 'Send several trackers a ping command',
        operationId: 'adminPingDevices',
        ...schema,
        body: bulkPingBody,
        response: { 200: bulkCommandResult, ...errors },
      },
    },
    (request) => commands.pingMany(null, request.body.ids, request.body.command, requester(request, 'admin')),
  );
}
