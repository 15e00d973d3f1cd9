import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

/** /api/dashboard/codes — members' virtual key, keypad and RFID codes; find and publish. */
// eslint-disable-next-line @typescript-eslint/require-await
export async function dashboardCodeRoutes(_instance: FastifyInstance, _options: { ctx: AppContext }) {}
