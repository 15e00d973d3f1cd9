import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

/** /api/dashboard/rides — the operator's Rides page (spec §2 Rides, §7 GET /rides, POST /rides/end, /delete). */
export async function dashboardRideRoutes(instance: FastifyInstance, { ctx }: { ctx: AppContext }) {
  void instance;
  void ctx;
}
