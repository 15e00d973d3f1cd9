import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import pino from 'pino';
import type { SimResetProgress } from '@fairway/domain';
import { startTestServer } from '../../../test/helpers';
import { devices } from '../../db/tables/devices';
import { scheduledJobs } from '../../db/tables/jobs';
import { simSandboxEndpoints } from '../../db/tables/sim-sandbox';
import type { HttpError } from '../../lib/errors';
import { SandboxSimProvider } from '../../lib/sim-provider/sandbox-sim-provider';
import type { Runtime } from '../../runtime';
import { SimCardsRepository } from './sim-cards.repository';
import { SimCardsService } from './sim-cards.service';
import {
  ManualWaits,
  RecordingSimProvider,
  sandboxEndpoint,
  simClub,
  simTracker,
  storedEndpointId,
} from './sim-cards.test-support';

/**
 * Issue 20 item 5: the SIM cards service on the local SIM provider (the sandbox, on the suite's database):
 * register, not found, de-register, the 404 that clears the endpoint, the toggle, connectivity colours, and
 * the 4-step reset with its progress, driven by waits the test releases by hand.
 */

let rt: Runtime;
let club: { siteId: string; name: string };
let provider: RecordingSimProvider;
let waits: ManualWaits;
let service: SimCardsService;
const progress: Array<{ progress: SimResetProgress; siteId: string }> = [];

beforeAll(async () => {
  rt = await startTestServer();
  club = await simClub(rt);
  provider = new RecordingSimProvider(new SandboxSimProvider(rt.ctx.db));
  waits = new ManualWaits();
  service = new SimCardsService(
    new SimCardsRepository(rt.ctx.db),
    provider,
    rt.ctx.bus,
    pino({ level: 'silent' }),
    {
      sleep: waits.sleep,
    },
  );
  rt.ctx.bus.on('sim.reset', (value, siteId) => progress.push({ progress: value, siteId }));
});
afterAll(async () => {
  await service.close();
  await rt.stop();
});

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: unknown) => error as HttpError,
  );

describe('SIM registration', () => {
  it('registers the SIM the tracker reports: an endpoint named by car and serial, tagged with the site', async () => {
    const tracker = await simTracker(rt, club.siteId, { carNumber: '12' });
    const view = await service.register(tracker.id);
    const endpointId = await storedEndpointId(rt, tracker.id);
    expect(endpointId).toMatch(/^\d+$/);
    expect(view).toEqual({
      registered: true,
      endpointId,
      endpointStatus: 0,
      simStatus: 1,
      connectivity: 'ONLINE',
      iccid: tracker.ccid,
      carrier: 'Emnify',
    });
    expect(await sandboxEndpoint(rt, endpointId!)).toMatchObject({
      name: `12/${tracker.serial}`,
      tags: club.name,
      status: 0,
      simStatus: 1,
      iccid: tracker.ccid,
    });
    // Registering again is refused and changes nothing.
    expect((await failure(service.register(tracker.id))).statusCode).toBe(409);
    expect(await storedEndpointId(rt, tracker.id)).toBe(endpointId);
  });

  it("answers 400 when the tracker has not reported a CCID, and 'SIM Card not found' for a SIM the provider lacks", async () => {
    const silent = await simTracker(rt, club.siteId, { ccid: null });
    const noCcid = await failure(service.register(silent.id));
    expect(noCcid.statusCode).toBe(400);
    expect(noCcid.message).toMatch(/has not reported its SIM card/);

    const foreign = await simTracker(rt, club.siteId, { ccid: 'NOT-A-SANDBOX-SIM' });
    const missing = await failure(service.register(foreign.id));
    expect(missing).toMatchObject({ statusCode: 404, message: 'SIM Card not found' });
    expect(await storedEndpointId(rt, foreign.id)).toBeNull();
    expect(
      await rt.ctx.db.$count(simSandboxEndpoints, eq(simSandboxEndpoints.iccid, 'NOT-A-SANDBOX-SIM')),
    ).toBe(0);
    expect((await failure(service.view('00000000-0000-4000-8000-000000000000'))).statusCode).toBe(404);
  });

  it('de-registers: the endpoint is disabled, deleted, and the tracker forgets it', async () => {
    const tracker = await simTracker(rt, club.siteId);
    await service.register(tracker.id);
    const endpointId = (await storedEndpointId(rt, tracker.id))!;
    provider.calls.length = 0;
    const view = await service.deregister(tracker.id);
    expect(view).toMatchObject({ registered: false, endpointId: null, iccid: tracker.ccid });
    expect(provider.calls).toEqual([
      `updateEndpoint ${endpointId} {"status":1}`,
      `deleteEndpoint ${endpointId}`,
    ]);
    expect(await storedEndpointId(rt, tracker.id)).toBeNull();
    expect(await sandboxEndpoint(rt, endpointId)).toBeNull();
    // The SIM can be registered again afterwards.
    expect((await service.register(tracker.id)).registered).toBe(true);
  });

  it('clears the stored endpoint id when the provider answers 404 for it (spec §4)', async () => {
    const tracker = await simTracker(rt, club.siteId);
    await rt.ctx.db.update(devices).set({ simEndpointId: '123456789012' }).where(eq(devices.id, tracker.id));
    const view = await service.view(tracker.id);
    expect(view).toMatchObject({ registered: false, endpointId: null, connectivity: null });
    expect(await storedEndpointId(rt, tracker.id)).toBeNull();
  });
});

describe('SIM status and connectivity', () => {
  it('toggles the endpoint and the SIM together', async () => {
    const tracker = await simTracker(rt, club.siteId);
    await service.register(tracker.id);
    const endpointId = (await storedEndpointId(rt, tracker.id))!;

    const off = await service.setEnabled(tracker.id, false);
    expect(off).toMatchObject({ endpointStatus: 1, simStatus: 2, connectivity: 'BLOCKED' });
    expect(await sandboxEndpoint(rt, endpointId)).toMatchObject({ status: 1, simStatus: 2 });

    const on = await service.setEnabled(tracker.id, true);
    expect(on).toMatchObject({ endpointStatus: 0, simStatus: 1, connectivity: 'ONLINE' });
    expect(await sandboxEndpoint(rt, endpointId)).toMatchObject({ status: 0, simStatus: 1 });
  });

  it("derives the sandbox's connectivity from the tracker: cellular ONLINE, WiFi ATTACHED, offline OFFLINE", async () => {
    const onWifi = await simTracker(rt, club.siteId, { conType: 'W' });
    const offline = await simTracker(rt, club.siteId, { online: false });
    expect((await service.register(onWifi.id)).connectivity).toBe('ATTACHED');
    expect((await service.register(offline.id)).connectivity).toBe('OFFLINE');
  });

  it('refuses to toggle or reset a tracker whose SIM is not registered', async () => {
    const tracker = await simTracker(rt, club.siteId);
    expect((await failure(service.setEnabled(tracker.id, false))).statusCode).toBe(409);
    expect((await failure(service.startReset(tracker.id))).statusCode).toBe(409);
  });
});

describe('SIM reset', () => {
  it('runs the four steps in order, each followed by a 2 s wait, reporting progress; one at a time', async () => {
    const tracker = await simTracker(rt, club.siteId);
    await service.register(tracker.id);
    const endpointId = (await storedEndpointId(rt, tracker.id))!;
    const sim = tracker.ccid!;
    provider.calls.length = 0;
    progress.length = 0;
    waits.asked.length = 0;

    const started = await service.startReset(tracker.id);
    expect(started).toMatchObject({ deviceId: tracker.id, step: 0, steps: 4, state: 'running', error: null });
    expect((await failure(service.startReset(tracker.id))).statusCode).toBe(409);

    await waits.waiting();
    expect(await sandboxEndpoint(rt, endpointId)).toMatchObject({ status: 1, simStatus: 1 });
    waits.next();
    await waits.waiting();
    expect(service.resetProgress(tracker.id)).toMatchObject({ step: 1, state: 'running' });
    expect(await sandboxEndpoint(rt, endpointId)).toMatchObject({ status: 0, simStatus: 1 });
    waits.next();
    await waits.waiting();
    expect(await sandboxEndpoint(rt, endpointId)).toMatchObject({ status: 0, simStatus: 2 });
    waits.next();
    await waits.waiting();
    expect(await sandboxEndpoint(rt, endpointId)).toMatchObject({ status: 0, simStatus: 1 });
    waits.next();
    await service.settled();

    expect(provider.calls.filter((call) => call.startsWith('update'))).toEqual([
      `updateEndpoint ${endpointId} {"status":1}`,
      `updateEndpoint ${endpointId} {"status":0}`,
      `updateSim ${sim} {"status":2}`,
      `updateSim ${sim} {"status":1}`,
    ]);
    expect(waits.asked).toEqual([2000, 2000, 2000, 2000]);
    expect(progress.map(({ progress: p }) => [p.step, p.state])).toEqual([
      [0, 'running'],
      [1, 'running'],
      [2, 'running'],
      [3, 'running'],
      [4, 'done'],
    ]);
    expect(progress.every(({ siteId }) => siteId === club.siteId)).toBe(true);
    expect(service.resetProgress(tracker.id)).toMatchObject({ step: 4, state: 'done' });
    // The guard is released: another reset may start.
    expect(await rt.ctx.db.$count(scheduledJobs, eq(scheduledJobs.key, `sim-restore:${tracker.id}`))).toBe(0);
  });

  it('reports a failure mid-reset and puts the SIM back in service', async () => {
    const tracker = await simTracker(rt, club.siteId);
    await service.register(tracker.id);
    const endpointId = (await storedEndpointId(rt, tracker.id))!;
    progress.length = 0;
    let failures = 0;
    provider.failWhen = (call) => call.endsWith('{"status":2}') && failures++ === 0;

    await service.startReset(tracker.id);
    await waits.waiting();
    waits.next();
    await waits.waiting();
    waits.next();
    await service.settled();
    provider.failWhen = null;

    expect(service.resetProgress(tracker.id)).toMatchObject({
      step: 2,
      state: 'failed',
      error: 'The SIM provider failed (502)',
    });
    expect(progress.at(-1)!.progress.state).toBe('failed');
    expect(await sandboxEndpoint(rt, endpointId)).toMatchObject({ status: 0, simStatus: 1 });
    expect(await rt.ctx.db.$count(scheduledJobs, eq(scheduledJobs.key, `sim-restore:${tracker.id}`))).toBe(0);
  });

  it('leaves a durable guard that puts the SIM back when the server stopped mid-sequence', async () => {
    const tracker = await simTracker(rt, club.siteId);
    await service.register(tracker.id);
    const endpointId = (await storedEndpointId(rt, tracker.id))!;
    // As a crashed instance leaves it: endpoint disabled after step 1, the guard still there (due now).
    await rt.ctx.db
      .update(simSandboxEndpoints)
      .set({ status: 1 })
      .where(eq(simSandboxEndpoints.id, endpointId));
    await new SimCardsRepository(rt.ctx.db).claimReset(
      { deviceId: tracker.id, endpointId, simId: tracker.ccid },
      new Date(Date.now() - 1000),
    );
    expect((await failure(service.startReset(tracker.id))).statusCode).toBe(409);

    await rt.jobs.runDue();
    expect(await sandboxEndpoint(rt, endpointId)).toMatchObject({ status: 0, simStatus: 1 });
    expect(await rt.ctx.db.$count(scheduledJobs, like(scheduledJobs.key, `sim-restore:${tracker.id}`))).toBe(
      0,
    );
  });
});
