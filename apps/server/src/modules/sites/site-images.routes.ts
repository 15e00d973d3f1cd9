import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

/** POST /logo and /cover (multipart 'image') — being built. */
export async function dashboardSiteImageRoutes(_instance: FastifyInstance, _options: { ctx: AppContext }) {}
