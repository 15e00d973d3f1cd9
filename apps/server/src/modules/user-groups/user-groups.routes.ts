import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

/** /api/dashboard/sites/user-groups — the site's user groups. */
// eslint-disable-next-line @typescript-eslint/require-await
export async function dashboardUserGroupRoutes(_instance: FastifyInstance, _options: { ctx: AppContext }) {}
