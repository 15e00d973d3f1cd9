/*
 * What `npm run bench` drives of the server, as one more entry of the server's bundle (scripts/build-server.mjs):
 * the bench runs the server in its own process and measures its memory, so it loads the very code `npm start`
 * runs, and only that copy. Bench code takes these values from `server` (server-bundle.ts), never from the
 * sources, or the process would hold both; types from the sources are fine (they vanish at run time).
 */
export { loadConfig } from '../../apps/server/src/config';
export { SERVER_MQTT_USERNAME, startRuntime } from '../../apps/server/src/runtime';
export { platformSecret } from '../../apps/server/src/modules/platform/platform.service';
export { DynsecClient } from '../../apps/server/src/broker/dynsec-client';
export { registerCommands } from '../../apps/server/src/broker/provisioner';
export { hashToken, randomToken } from '../../apps/server/src/lib/tokens';
export { devices, positions } from '../../apps/server/src/db/tables/devices';
export { sites } from '../../apps/server/src/db/tables/sites';
export { users } from '../../apps/server/src/db/tables/users';
export { AuthRepository } from '../../apps/server/src/modules/auth/auth.repository';
