import { randomInt, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { SimConnectivity } from '@fairway/domain';
import { devices } from '../../db/tables/devices';
import { sites } from '../../db/tables/sites';
import { simSandboxEndpoints } from '../../db/tables/sim-sandbox';
import type { Runtime } from '../../runtime';
import {
  SimProviderError,
  type NewSimEndpoint,
  type SimCard,
  type SimEndpoint,
  type SimEndpointPatch,
  type SimProvider,
} from '../../lib/sim-provider/sim-provider';

/** An ICCID the sandbox owns (19 digits), unique per call. */
export const sandboxIccid = () => `8988${Date.now().toString().slice(-9)}${randomInt(100_000, 999_999)}`;

/** A club of its own for the SIM tests. */
export async function simClub(rt: Runtime): Promise<{ siteId: string; name: string }> {
  const name = `SIM Club ${randomUUID().slice(0, 8)}`;
  const [site] = await rt.ctx.db
    .insert(sites)
    .values({
      name,
      country: 'United Kingdom',
      currency: 'GBP',
      centerLatLong: '56.340000, -2.800000',
      timezone: 'Europe/London',
      openingHours: Array.from({ length: 7 }, () => null),
    })
    .returning({ id: sites.id });
  return { siteId: site!.id, name };
}

/**
 * A tracker as it is after reporting its status: the SIM it reports (`gprs_ccid`, filled from the cart's status
 * by the gateway) is written directly here.
 */
export async function simTracker(
  rt: Runtime,
  siteId: string,
  values: { ccid?: string | null; carNumber?: string; online?: boolean; conType?: 'G' | 'W' } = {},
): Promise<{ id: string; serial: string; ccid: string | null }> {
  const serial = `SIM-${randomUUID().slice(0, 12)}`;
  const ccid = values.ccid === undefined ? sandboxIccid() : values.ccid;
  const [row] = await rt.ctx.db
    .insert(devices)
    .values({
      serial,
      secretHash: 'not-a-real-secret',
      siteId,
      carNumber: values.carNumber ?? String(randomInt(100, 99_999)),
      gprsCcid: ccid,
      gprsCarrier: ccid ? 'Emnify' : null,
      online: values.online ?? true,
      conType: values.conType ?? 'G',
    })
    .returning({ id: devices.id });
  return { id: row!.id, serial, ccid };
}

export async function storedEndpointId(rt: Runtime, deviceId: string): Promise<string | null> {
  const [row] = await rt.ctx.db
    .select({ id: devices.simEndpointId })
    .from(devices)
    .where(eq(devices.id, deviceId));
  return row!.id;
}

export async function sandboxEndpoint(rt: Runtime, endpointId: string) {
  const [row] = await rt.ctx.db
    .select()
    .from(simSandboxEndpoints)
    .where(eq(simSandboxEndpoints.id, endpointId));
  return row ?? null;
}

/**
 * A provider that passes every call to another (the sandbox) and records it, and can fail one chosen call:
 * a test double of the interface, standing in for a provider that goes away mid-sequence.
 */
export class RecordingSimProvider implements SimProvider {
  readonly calls: string[] = [];
  failWhen: ((call: string) => boolean) | null = null;

  constructor(private readonly inner: SimProvider) {}

  private record(call: string) {
    this.calls.push(call);
    if (this.failWhen?.(call))
      throw new SimProviderError('unavailable', 'The SIM provider failed (502)', 502);
  }

  async getEndpoint(endpointId: string): Promise<SimEndpoint> {
    this.record(`getEndpoint ${endpointId}`);
    return this.inner.getEndpoint(endpointId);
  }
  async connectivity(endpointId: string): Promise<SimConnectivity> {
    this.record(`connectivity ${endpointId}`);
    return this.inner.connectivity(endpointId);
  }
  async getSim(simId: string): Promise<SimCard> {
    this.record(`getSim ${simId}`);
    return this.inner.getSim(simId);
  }
  async findSimByIccid(iccid: string): Promise<SimCard | null> {
    this.record(`findSimByIccid ${iccid}`);
    return this.inner.findSimByIccid(iccid);
  }
  async createEndpoint(endpoint: NewSimEndpoint): Promise<string> {
    this.record(`createEndpoint ${endpoint.simId}`);
    return this.inner.createEndpoint(endpoint);
  }
  async updateEndpoint(endpointId: string, patch: SimEndpointPatch): Promise<void> {
    this.record(`updateEndpoint ${endpointId} ${JSON.stringify(patch)}`);
    return this.inner.updateEndpoint(endpointId, patch);
  }
  async updateSim(simId: string, patch: { status: number }): Promise<void> {
    this.record(`updateSim ${simId} ${JSON.stringify(patch)}`);
    return this.inner.updateSim(simId, patch);
  }
  async deleteEndpoint(endpointId: string): Promise<void> {
    this.record(`deleteEndpoint ${endpointId}`);
    return this.inner.deleteEndpoint(endpointId);
  }
}

/** A reset's waits, released by hand: each `sleep` waits until the test calls `next()`. */
export class ManualWaits {
  readonly asked: number[] = [];
  private readonly pending: Array<() => void> = [];
  private readonly waiters: Array<() => void> = [];

  readonly sleep = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      this.asked.push(ms);
      this.pending.push(resolve);
      this.waiters.shift()?.();
    });

  /** Resolves once a wait is pending (the step before it ran). */
  async waiting(): Promise<void> {
    if (this.pending.length > 0) return;
    await new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  /** Ends the oldest pending wait. */
  next(): void {
    const release = this.pending.shift();
    if (!release) throw new Error('no wait pending');
    release();
  }
}
