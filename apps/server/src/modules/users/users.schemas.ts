import { z } from 'zod';
import { id } from '@fairway/domain';

/**
 * The admin user and invite calls' bodies and answers live in @fairway/domain (schemas/admin.ts), shared
 * with the console; only the path parameter is the server's own.
 */
export const idParams = z.object({ id });
