import { pathToFileURL } from 'node:url';
import { buildServer, SERVER_BENCH_SURFACE } from '../../scripts/build-server.mjs';
import type * as ServerSurface from './server-surface';

// Built first when a source changed, as `npm start` does.
await buildServer();

/** The server's bundle, through the bench's entry into it (server-surface.ts). */
export const server = (await import(pathToFileURL(SERVER_BENCH_SURFACE).href)) as typeof ServerSurface;
