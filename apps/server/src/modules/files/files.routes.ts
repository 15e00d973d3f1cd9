import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

/** GET /* public files (site images) — being built. */
export async function publicFileRoutes(_instance: FastifyInstance, _options: { ctx: AppContext }) {}
