import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import createFetchClient from 'openapi-fetch';
import {
  addDays,
  availableCartsView,
  clientBookingBody,
  clientBookingPatchBody,
  clientBookingView,
  clientCart,
  clientService,
  clientSite,
  errorBody,
  localDate,
  slotView,
} from '@fairway/domain';
import { z } from 'zod';
import { CLIENT_API_EXAMPLES as EX } from './client-api.examples';
import type { Runtime } from '../../runtime';
import { loginAs, startTestServer } from '../../../test/helpers';
import { createRideClub, insertCart, type RideClub } from '../guest/guest-rides.test-support';
import type { paths } from './client-api.openapi';
import { CLIENT_API_TYPES, clientApiTypes } from './client-api.openapi.test-support';
import { createClient } from './clients.test-support';

/**
 * Issue 21 item 8: a typed client generated from the OpenAPI document (openapi-typescript, checked in as
 * client-api.openapi.ts and type-checked with the server) calls the client API over HTTP through
 * openapi-fetch: list sites, find a slot, book it, read it back, cancel it.
 */

let rt: Runtime;
let club: RideClub;
let apiKey: string;

beforeAll(async () => {
  rt = await startTestServer();
  club = await createRideClub(rt);
  await insertCart(rt, club.siteId, { carNumber: '1' });
  apiKey = (await createClient(rt, await loginAs(rt, 'superadmin@example.com'), [club.siteId])).apiKey;
});
afterAll(() => rt.stop());

describe('the generated client API types', () => {
  it('match the live document (regenerate with UPDATE_OPENAPI_TYPES=1)', async () => {
    const fresh = await clientApiTypes(rt.app);
    if (process.env.UPDATE_OPENAPI_TYPES === '1') fs.writeFileSync(CLIENT_API_TYPES, fresh);
    expect(fs.readFileSync(CLIENT_API_TYPES, 'utf8')).toBe(fresh);
  });

  it('carry examples that are valid requests and answers', () => {
    const pairs: Array<[z.ZodType, unknown]> = [
      [z.array(clientSite), EX.sites],
      [z.array(clientService), EX.services],
      [z.array(clientCart), EX.carts],
      [z.array(slotView), EX.slots],
      [availableCartsView, EX.availableCarts],
      [clientBookingBody, EX.bookingBody],
      [clientBookingPatchBody, EX.bookingPatch],
      [clientBookingView, EX.booking],
      [errorBody, EX.error],
    ];
    for (const [schema, example] of pairs) expect(schema.safeParse(example).error).toBeUndefined();
  });

  it('book a slot through openapi-fetch', async () => {
    const client = createFetchClient<paths>({ baseUrl: rt.url, headers: { 'x-api-key': apiKey } });

    const sites = await client.GET('/api/client/v1/sites');
    expect(sites.response.status).toBe(200);
    const site = sites.data!.find((candidate) => candidate._id === club.siteId)!;
    const siteId = site._id;

    const services = await client.GET('/api/client/v1/sites/{siteId}/services', {
      params: { path: { siteId } },
    });
    const service = services.data!.find((candidate) => candidate.name === '18 holes')!;
    const guestPrice = service.prices.find((price) => price.userGroup === null)!;

    const dateString = addDays(localDate(Date.now(), site.timezone), 1);
    const slots = await client.GET('/api/client/v1/sites/{siteId}/slots', {
      params: { path: { siteId }, query: { serviceId: service._id, dateString } },
    });
    const slot = slots.data!.find((candidate) => candidate.available > 0)!;
    expect(slot).toBeDefined();

    const booked = await client.POST('/api/client/v1/sites/{siteId}/bookings', {
      params: { path: { siteId } },
      body: {
        start: slot.startAt,
        end: slot.endAt,
        service: service._id,
        price: guestPrice._id,
        name: 'Typed Client',
        externalRef: 'TYPED-1',
      },
    });
    expect(booked.response.status, JSON.stringify(booked.error)).toBe(201);
    const id = booked.data!._id;

    const read = await client.GET('/api/client/v1/bookings/{id}', { params: { path: { id } } });
    expect(read.data).toMatchObject({ name: 'Typed Client', externalRef: 'TYPED-1', status: 'confirmed' });

    const cancelled = await client.DELETE('/api/client/v1/bookings/{id}', { params: { path: { id } } });
    expect(cancelled.response.status).toBe(204);
    const after = await client.GET('/api/client/v1/bookings/{id}', { params: { path: { id } } });
    expect(after.data?.status).toBe('cancelled');

    // A refusal comes back typed as the error body.
    const missing = await client.GET('/api/client/v1/sites/{siteId}/carts', {
      params: { path: { siteId: '00000000-0000-4000-8000-000000000000' } },
    });
    expect(missing.response.status).toBe(404);
    expect(missing.error).toEqual({ message: 'Site not found', code: 'siteNotFound' });
  });
});
