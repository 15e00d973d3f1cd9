import path from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * Where the server finds the files it ships with. Every path is taken from this module's own folder, which sits
 * two levels under apps/server (src/lib) as the built bundle's folder does (dist/server,
 * scripts/build-server.mjs). A bundle gives every module the `import.meta.url` of its output file, so a path
 * written relative to some other module's folder would point elsewhere once bundled.
 */
const here = path.dirname(fileURLToPath(import.meta.url));

/** apps/server */
export const SERVER_ROOT = path.resolve(here, '../..');
/** Drizzle's migrations, applied at start and read by backups. */
export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'drizzle');
/** The built web app the server hands out. */
export const WEB_DIST_DIR = path.resolve(SERVER_ROOT, '../web/dist');
/** The server package's manifest (its version is the API's). */
export const SERVER_PACKAGE_JSON = path.join(SERVER_ROOT, 'package.json');
