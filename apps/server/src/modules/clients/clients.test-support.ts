import { expect } from 'vitest';
import type { ClientSaved } from '@fairway/domain';
import type { Runtime } from '../../runtime';
import { asUser } from '../../../test/helpers';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** An admin /clients call as `token` (none: anonymous). */
export const adminClients = (rt: Runtime, method: Method, path: string, token?: string, payload?: object) =>
  rt.app.inject({
    method,
    url: `/api/admin/clients${path}`,
    headers: token ? asUser(token) : {},
    ...(payload ? { payload } : {}),
  });

/** A client made through the admin API, with its key. */
export async function createClient(
  rt: Runtime,
  superadmin: string,
  sites: string[],
  name = 'Tee Times Ltd',
): Promise<ClientSaved & { apiKey: string }> {
  const res = await adminClients(rt, 'POST', '/', superadmin, { name, sites });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ClientSaved & { apiKey: string }>();
}

/** A client API call with `key` in x-api-key (undefined: no header). */
export const clientCall = (
  rt: Runtime,
  key: string | undefined,
  method: Method,
  path: string,
  payload?: object,
) =>
  rt.app.inject({
    method,
    url: `/api/client/v1${path}`,
    headers: key === undefined ? {} : { 'x-api-key': key },
    ...(payload ? { payload } : {}),
  });
