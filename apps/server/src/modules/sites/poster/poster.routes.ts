import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';

/** GET /poster (A4 PDF) — being built. */
export async function dashboardPosterRoutes(_instance: FastifyInstance, _options: { ctx: AppContext }) {}
