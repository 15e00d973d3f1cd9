import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimCardView, SimResetProgress } from '@fairway/domain';
import { connectSocket, request, type TestSocket } from '../../../test/fleet-fixtures';
import { asUser, startAsSuperadmin } from '../../../test/helpers';
import type { Runtime } from '../../runtime';
import { tokenFor } from '../members/members.test-support';
import { sandboxEndpoint, simClub, simTracker, storedEndpointId } from './sim-cards.test-support';

/**
 * Issue 20 item 5 over HTTP: /api/admin/devices/{id}/sim on the sandbox SIM provider, per role, with bad
 * input, and one whole reset with the spec's real 2 s waits, watched on the site's socket room.
 */

let rt: Runtime;
let superadmin: string;
let club: { siteId: string; name: string };

beforeAll(async () => {
  ({ rt, superadmin } = await startAsSuperadmin());
  club = await simClub(rt);
});
afterAll(() => rt.stop());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const sim = (method: Method, path: string, token?: string, payload?: object) =>
  rt.app.inject({
    method,
    url: `/api/admin/devices/${path}`,
    headers: token ? asUser(token) : {},
    ...(payload ? { payload } : {}),
  });

describe('/api/admin/devices/{id}/sim per role', () => {
  it('is for superadmins only: anonymous 401, admin and basic 403, and nothing changes', async () => {
    const tracker = await simTracker(rt, club.siteId);
    const [admin, basic] = await Promise.all([
      tokenFor(rt, 'admin', club.siteId),
      tokenFor(rt, 'basic', club.siteId),
    ]);
    const calls: Array<[Method, string, object?]> = [
      ['GET', `${tracker.id}/sim`],
      ['POST', `${tracker.id}/sim`],
      ['PATCH', `${tracker.id}/sim`, { enabled: false }],
      ['DELETE', `${tracker.id}/sim`],
      ['POST', `${tracker.id}/sim/reset`],
      ['GET', `${tracker.id}/sim/reset`],
    ];
    for (const [method, path, body] of calls) {
      expect((await sim(method, path, undefined, body)).statusCode, `${method} ${path} anonymous`).toBe(401);
      for (const token of [admin, basic])
        expect((await sim(method, path, token, body)).statusCode, `${method} ${path} staff`).toBe(403);
    }
    expect(await storedEndpointId(rt, tracker.id)).toBeNull();
  });

  it('lets a superadmin register, read, disable, enable and de-register a SIM', async () => {
    const tracker = await simTracker(rt, club.siteId, { conType: 'W' });
    const before = await sim('GET', `${tracker.id}/sim`, superadmin);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json<SimCardView>()).toMatchObject({
      registered: false,
      iccid: tracker.ccid,
      carrier: 'Emnify',
    });

    const registered = await sim('POST', `${tracker.id}/sim`, superadmin);
    expect(registered.statusCode, registered.body).toBe(200);
    const endpointId = (await storedEndpointId(rt, tracker.id))!;
    expect(registered.json<SimCardView>()).toMatchObject({
      registered: true,
      endpointId,
      connectivity: 'ATTACHED',
    });

    const disabled = await sim('PATCH', `${tracker.id}/sim`, superadmin, { enabled: false });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json<SimCardView>()).toMatchObject({
      endpointStatus: 1,
      simStatus: 2,
      connectivity: 'BLOCKED',
    });
    const enabled = await sim('PATCH', `${tracker.id}/sim`, superadmin, { enabled: true });
    expect(enabled.json<SimCardView>()).toMatchObject({ endpointStatus: 0, simStatus: 1 });

    const removed = await sim('DELETE', `${tracker.id}/sim`, superadmin);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<SimCardView>().registered).toBe(false);
    expect(await storedEndpointId(rt, tracker.id)).toBeNull();
    expect(await sandboxEndpoint(rt, endpointId)).toBeNull();
  });

  it('refuses bad input with 4xx and changes nothing', async () => {
    const tracker = await simTracker(rt, club.siteId);
    expect((await sim('GET', 'not-a-uuid/sim', superadmin)).statusCode).toBe(400);
    for (const body of [{ enabled: 'yes' }, {}, { enabled: true, extra: 1 }])
      expect(
        (await sim('PATCH', `${tracker.id}/sim`, superadmin, body)).statusCode,
        JSON.stringify(body),
      ).toBe(400);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await sim('POST', `${unknown}/sim`, superadmin)).statusCode).toBe(404);
    expect((await sim('GET', `${unknown}/sim/reset`, superadmin)).statusCode).toBe(404);
    // Not registered: no toggle, no reset.
    expect((await sim('PATCH', `${tracker.id}/sim`, superadmin, { enabled: false })).statusCode).toBe(409);
    expect((await sim('POST', `${tracker.id}/sim/reset`, superadmin)).statusCode).toBe(409);
    const silent = await simTracker(rt, club.siteId, { ccid: null });
    const noCcid = await sim('POST', `${silent.id}/sim`, superadmin);
    expect(noCcid.statusCode).toBe(400);
    expect(noCcid.json<{ message: string }>().message).toMatch(/CCID/);
    expect(await storedEndpointId(rt, tracker.id)).toBeNull();
  });
});

describe('SIM reset over HTTP and the socket', () => {
  let socket: TestSocket;
  afterAll(() => socket?.close());

  it('answers 202, refuses a second reset with 409, and pushes each step to the site room', async () => {
    const tracker = await simTracker(rt, club.siteId);
    expect((await sim('POST', `${tracker.id}/sim`, superadmin)).statusCode).toBe(200);
    socket = await connectSocket(rt, superadmin);
    expect((await request(socket, 'join:site', club.siteId)).ok).toBe(true);
    const pushed: SimResetProgress[] = [];
    const done = new Promise<void>((resolve) =>
      socket.on('sim:reset', (progress) => {
        if (progress.deviceId !== tracker.id) return;
        pushed.push(progress);
        if (progress.state !== 'running') resolve();
      }),
    );

    const started = await sim('POST', `${tracker.id}/sim/reset`, superadmin);
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json<SimResetProgress>()).toMatchObject({ step: 0, steps: 4, state: 'running' });
    const again = await sim('POST', `${tracker.id}/sim/reset`, superadmin);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ code: string }>().code).toBe('simResetRunning');

    await done;
    expect(pushed.map((progress) => [progress.step, progress.state])).toEqual([
      [0, 'running'],
      [1, 'running'],
      [2, 'running'],
      [3, 'running'],
      [4, 'done'],
    ]);
    const latest = await sim('GET', `${tracker.id}/sim/reset`, superadmin);
    expect(latest.json<SimResetProgress>()).toMatchObject({ step: 4, state: 'done', error: null });
    const view = await sim('GET', `${tracker.id}/sim`, superadmin);
    expect(view.json<SimCardView>()).toMatchObject({
      endpointStatus: 0,
      simStatus: 1,
      connectivity: 'ONLINE',
    });
  }, 30_000);
});
