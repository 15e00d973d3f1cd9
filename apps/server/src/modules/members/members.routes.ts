import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

/** /api/dashboard/members — members of the selected site, their import and profile links. */
// eslint-disable-next-line @typescript-eslint/require-await
export async function dashboardMemberRoutes(_instance: FastifyInstance, _options: { ctx: AppContext }) {}
