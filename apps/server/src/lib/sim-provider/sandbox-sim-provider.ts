import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { SimConnectivity } from '@fairway/domain';
import type { Db } from '../../db/client';
import { devices } from '../../db/tables/devices';
import { simSandboxEndpoints } from '../../db/tables/sim-sandbox';
import {
  SimProviderError,
  type NewSimEndpoint,
  type SimCard,
  type SimEndpoint,
  type SimEndpointPatch,
  type SimProvider,
} from './sim-provider';

/** Every ICCID of 18–22 digits is a SIM the sandbox owns; its id at the sandbox is the ICCID itself. */
const SANDBOX_ICCID = /^\d{18,22}$/;

type EndpointRow = typeof simSandboxEndpoints.$inferSelect;

/**
 * The local SIM provider (demo and tests, when SIM_PROVIDER_URL is unset), keeping its books in
 * `sim_sandbox_endpoints`. It answers as the real one does, including its failures (404 for an unknown
 * endpoint, a refusal for a SIM that already has one), and derives connectivity from the tracker that
 * reports the SIM, so the colour in the device manager means something: online on the cellular network
 * ONLINE, online on WiFi ATTACHED (the modem is registered but carries no data), offline OFFLINE, a disabled
 * endpoint or suspended SIM BLOCKED.
 */
export class SandboxSimProvider implements SimProvider {
  constructor(private readonly db: Db) {}

  async getEndpoint(endpointId: string): Promise<SimEndpoint> {
    const row = await this.endpoint(endpointId);
    return {
      id: row.id,
      name: row.name,
      tags: row.tags,
      status: row.status,
      simId: row.iccid,
      iccid: row.iccid,
    };
  }

  async connectivity(endpointId: string): Promise<SimConnectivity> {
    const row = await this.endpoint(endpointId);
    if (row.status !== 0 || row.simStatus !== 1) return 'BLOCKED';
    const [tracker] = await this.db
      .select({ online: devices.online, conType: devices.conType })
      .from(devices)
      .where(eq(devices.gprsCcid, row.iccid))
      .orderBy(sql`${devices.online} DESC`)
      .limit(1);
    if (!tracker?.online) return 'OFFLINE';
    return tracker.conType === 'G' ? 'ONLINE' : 'ATTACHED';
  }

  async getSim(simId: string): Promise<SimCard> {
    if (!SANDBOX_ICCID.test(simId)) throw new SimProviderError('notFound', 'SIM not found', 404);
    return this.simOf(simId);
  }

  async findSimByIccid(iccid: string): Promise<SimCard | null> {
    return SANDBOX_ICCID.test(iccid) ? this.simOf(iccid) : null;
  }

  async createEndpoint(endpoint: NewSimEndpoint): Promise<string> {
    if (!SANDBOX_ICCID.test(endpoint.simId)) throw new SimProviderError('refused', 'SIM not found', 422);
    const id = String(randomInt(100_000_000, 999_999_999));
    const [row] = await this.db
      .insert(simSandboxEndpoints)
      .values({
        id,
        name: endpoint.name,
        tags: endpoint.tags,
        status: endpoint.status,
        iccid: endpoint.simId,
      })
      .onConflictDoNothing({ target: simSandboxEndpoints.iccid })
      .returning({ id: simSandboxEndpoints.id });
    if (!row) throw new SimProviderError('refused', 'SIM is already assigned to another endpoint', 409);
    return row.id;
  }

  async updateEndpoint(endpointId: string, patch: SimEndpointPatch): Promise<void> {
    if (patch.simId !== undefined && !SANDBOX_ICCID.test(patch.simId))
      throw new SimProviderError('refused', 'SIM not found', 422);
    const updated = await this.db
      .update(simSandboxEndpoints)
      .set({
        ...(patch.status !== undefined ? { status: patch.status } : {}),
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.tags !== undefined ? { tags: patch.tags } : {}),
        ...(patch.simId !== undefined ? { iccid: patch.simId } : {}),
        updatedAt: new Date(),
      })
      .where(eq(simSandboxEndpoints.id, endpointId))
      .returning({ id: simSandboxEndpoints.id });
    if (updated.length === 0) throw notFound();
  }

  async updateSim(simId: string, patch: { status: number }): Promise<void> {
    if (!SANDBOX_ICCID.test(simId)) throw new SimProviderError('notFound', 'SIM not found', 404);
    const updated = await this.db
      .update(simSandboxEndpoints)
      .set({ simStatus: patch.status, updatedAt: new Date() })
      .where(eq(simSandboxEndpoints.iccid, simId))
      .returning({ id: simSandboxEndpoints.id });
    // The sandbox keeps a SIM's status in its endpoint's row: a SIM without one has nowhere to keep it.
    if (updated.length === 0)
      throw new SimProviderError('refused', 'SIM is not assigned to an endpoint', 422);
  }

  async deleteEndpoint(endpointId: string): Promise<void> {
    const deleted = await this.db
      .delete(simSandboxEndpoints)
      .where(eq(simSandboxEndpoints.id, endpointId))
      .returning({ id: simSandboxEndpoints.id });
    if (deleted.length === 0) throw notFound();
  }

  private async endpoint(endpointId: string): Promise<EndpointRow> {
    const [row] = await this.db
      .select()
      .from(simSandboxEndpoints)
      .where(eq(simSandboxEndpoints.id, endpointId));
    if (!row) throw notFound();
    return row;
  }

  private async simOf(iccid: string): Promise<SimCard> {
    const [row] = await this.db
      .select()
      .from(simSandboxEndpoints)
      .where(eq(simSandboxEndpoints.iccid, iccid));
    return { id: iccid, iccid, status: row?.simStatus ?? 1, endpointId: row?.id ?? null };
  }
}

const notFound = () => new SimProviderError('notFound', 'Endpoint not found', 404);
