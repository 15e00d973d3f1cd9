import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

/**
 * /api/guest — the guest ride flow (spec §2 Guest ride flow, §7 Guest): the cart page, rates, the cart's
 * own code, and the guest's ride (session).
 */
export async function guestRideRoutes(instance: FastifyInstance, { ctx }: { ctx: AppContext }) {
  void instance;
  void ctx;
}
