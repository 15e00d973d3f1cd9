import {
  SIM_ENDPOINT_STATUS,
  SIM_RESET_STEPS,
  SIM_STATUS,
  type SimCardView,
  type SimResetProgress,
} from '@fairway/domain';
import type { Logger } from 'pino';
import { HttpError, badRequest, conflict, notFound } from '../../lib/errors';
import type { DomainEventBus } from '../../lib/events';
import {
  SimProviderError,
  isSimNotFound,
  type SimEndpoint,
  type SimProvider,
} from '../../lib/sim-provider/sim-provider';
import type { SimCardsRepository, SimRestorePayload, SimTracker } from './sim-cards.repository';

/** The wait after each reset step (spec §4: 2 s). */
export const SIM_RESET_WAIT_MS = 2_000;
/**
 * When the durable guard of a reset puts the SIM back if the sequence never finished (the server stopped):
 * well after the longest sequence (four calls of up to 8 s and four waits of 2 s).
 */
const RESTORE_AFTER_MS = 2 * 60_000;

export interface SimCardsOptions {
  /** How a reset waits between steps; tests pass one they release by hand. */
  sleep?: (ms: number) => Promise<void>;
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A provider failure as the HTTP answer: 404 stays 404, a refusal 409 with the provider's reason, else 503. */
function asHttp(error: unknown): unknown {
  if (!(error instanceof SimProviderError)) return error;
  if (error.kind === 'notFound') return notFound(error.message);
  if (error.kind === 'refused') return conflict(`SIM provider: ${error.message}`, 'simProviderRefused');
  return new HttpError(503, error.message, 'simProviderUnavailable');
}

/**
 * The trackers' SIM cards at the SIM provider (spec §4 Admin, §7): registration (an endpoint holding the SIM
 * the modem reports), de-registration, the enabled/disabled toggle (endpoint and SIM together) and the 4-step
 * reset, which runs in the background and reports each step as the domain event `sim.reset`. A stored endpoint
 * the provider no longer knows (404) is cleared from the tracker (spec §4).
 */
export class SimCardsService {
  private readonly progress = new Map<string, SimResetProgress>();
  private readonly running = new Set<Promise<void>>();
  private readonly sleep: (ms: number) => Promise<void>;
  /** Aborted when the server stops: a reset under way stops at its next wait and puts the SIM back. */
  private readonly stopping = new AbortController();
  private readonly stopped: Promise<void>;

  constructor(
    private readonly repo: SimCardsRepository,
    private readonly provider: SimProvider,
    private readonly bus: DomainEventBus,
    private readonly log: Logger,
    options: SimCardsOptions = {},
  ) {
    this.sleep = options.sleep ?? sleepFor;
    this.stopped = new Promise((resolve) =>
      this.stopping.signal.addEventListener('abort', () => resolve(), { once: true }),
    );
  }

  async view(deviceId: string): Promise<SimCardView> {
    const tracker = await this.tracker(deviceId);
    const endpoint = tracker.simEndpointId ? await this.endpointOrClear(tracker) : null;
    if (!endpoint) return unregistered(tracker);
    try {
      const [sim, connectivity] = await Promise.all([
        endpoint.simId ? this.provider.getSim(endpoint.simId) : Promise.resolve(null),
        this.provider.connectivity(endpoint.id),
      ]);
      return {
        registered: true,
        endpointId: endpoint.id,
        endpointStatus: endpoint.status === SIM_ENDPOINT_STATUS.disabled ? 1 : 0,
        simStatus: sim?.status ?? null,
        connectivity,
        iccid: endpoint.iccid ?? tracker.gprsCcid,
        carrier: tracker.gprsCarrier,
      };
    } catch (error) {
      throw asHttp(error);
    }
  }

  /** 'Register SIM?': an endpoint (named by car and serial, tagged with the site) holding the reported SIM. */
  async register(deviceId: string): Promise<SimCardView> {
    const tracker = await this.tracker(deviceId);
    if (tracker.simEndpointId && (await this.endpointOrClear(tracker)))
      throw conflict('This tracker’s SIM is already registered', 'simAlreadyRegistered');
    if (!tracker.gprsCcid)
      throw badRequest(
        'This tracker has not reported its SIM card (CCID) yet; register it once it is online',
      );
    try {
      const sim = await this.provider.findSimByIccid(tracker.gprsCcid);
      if (!sim) throw notFound('SIM Card not found');
      const endpointId = await this.provider.createEndpoint({
        name: tracker.carNumber ? `${tracker.carNumber}/${tracker.serial}` : tracker.serial,
        tags: tracker.siteName,
        status: SIM_ENDPOINT_STATUS.enabled,
        simId: sim.id,
      });
      await this.provider.updateSim(sim.id, { status: SIM_STATUS.active });
      const stored = await this.repo.setEndpoint(tracker.id, endpointId, null);
      if (!stored) {
        // Another registration stored its endpoint first: this one is not kept at the provider either.
        await this.provider.deleteEndpoint(endpointId).catch(() => undefined);
        throw conflict('This tracker’s SIM is already registered', 'simAlreadyRegistered');
      }
      this.bus.emit('device.updated', stored);
    } catch (error) {
      throw asHttp(error);
    }
    return this.view(deviceId);
  }

  /** 'De-Register SIM?': the endpoint is disabled, deleted, and the tracker forgets it. */
  async deregister(deviceId: string): Promise<SimCardView> {
    const tracker = await this.tracker(deviceId);
    const endpointId = tracker.simEndpointId;
    if (!endpointId) return unregistered(tracker);
    try {
      await this.provider.updateEndpoint(endpointId, { status: SIM_ENDPOINT_STATUS.disabled });
      await this.provider.deleteEndpoint(endpointId);
    } catch (error) {
      // Gone at the provider already: forgetting it is all that is left to do.
      if (!isSimNotFound(error)) throw asHttp(error);
    }
    await this.clear(tracker.id, endpointId);
    return unregistered({ ...tracker, simEndpointId: null });
  }

  /** 'Update SIM?': enables or disables the endpoint and the SIM together (spec §4). */
  async setEnabled(deviceId: string, enabled: boolean): Promise<SimCardView> {
    const endpoint = await this.registeredEndpoint(await this.tracker(deviceId));
    try {
      await this.provider.updateEndpoint(endpoint.id, {
        status: enabled ? SIM_ENDPOINT_STATUS.enabled : SIM_ENDPOINT_STATUS.disabled,
      });
      if (endpoint.simId)
        await this.provider.updateSim(endpoint.simId, {
          status: enabled ? SIM_STATUS.active : SIM_STATUS.suspended,
        });
    } catch (error) {
      throw asHttp(error);
    }
    return this.view(deviceId);
  }

  /**
   * Starts the SIM reset (spec §4): disable the endpoint, wait 2 s, enable it, wait 2 s, suspend the SIM, wait
   * 2 s, activate it, wait 2 s. Answers the first progress at once; the rest arrives as `sim.reset` events and
   * from `resetProgress`. One reset per tracker at a time (409), across instances.
   */
  async startReset(deviceId: string): Promise<SimResetProgress> {
    const tracker = await this.tracker(deviceId);
    const endpoint = await this.registeredEndpoint(tracker);
    const payload: SimRestorePayload = { deviceId, endpointId: endpoint.id, simId: endpoint.simId };
    if (!(await this.repo.claimReset(payload, new Date(Date.now() + RESTORE_AFTER_MS))))
      throw conflict('A SIM reset is already under way for this tracker', 'simResetRunning');
    const started: SimResetProgress = {
      deviceId,
      step: 0,
      steps: SIM_RESET_STEPS.length,
      state: 'running',
      error: null,
      startedAt: new Date().toISOString(),
    };
    this.report(started, tracker.siteId);
    const run = this.runReset(started, tracker.siteId, payload).finally(() => this.running.delete(run));
    this.running.add(run);
    return started;
  }

  /** The latest reset of the tracker seen by this instance, or null. */
  resetProgress(deviceId: string): SimResetProgress | null {
    return this.progress.get(deviceId) ?? null;
  }

  /**
   * Puts a SIM back in service (endpoint enabled, SIM active): after a failed reset, and by the `sim-restore`
   * job when a server stopped mid-sequence. An endpoint gone meanwhile needs nothing.
   */
  async restore(payload: SimRestorePayload): Promise<void> {
    try {
      await this.provider.updateEndpoint(payload.endpointId, { status: SIM_ENDPOINT_STATUS.enabled });
      if (payload.simId) await this.provider.updateSim(payload.simId, { status: SIM_STATUS.active });
    } catch (error) {
      if (!isSimNotFound(error)) throw error;
    }
  }

  /** Waits for the resets under way (tests). */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.running]);
  }

  /** Server stop: resets under way end at their next wait, with the SIM put back in service. */
  async close(): Promise<void> {
    this.stopping.abort();
    await this.settled();
  }

  private async runReset(
    started: SimResetProgress,
    siteId: string,
    payload: SimRestorePayload,
  ): Promise<void> {
    const { endpointId, simId } = payload;
    const actions: Record<(typeof SIM_RESET_STEPS)[number], () => Promise<void>> = {
      disableEndpoint: () =>
        this.provider.updateEndpoint(endpointId, { status: SIM_ENDPOINT_STATUS.disabled }),
      enableEndpoint: () => this.provider.updateEndpoint(endpointId, { status: SIM_ENDPOINT_STATUS.enabled }),
      suspendSim: async () => {
        if (simId) await this.provider.updateSim(simId, { status: SIM_STATUS.suspended });
      },
      activateSim: async () => {
        if (simId) await this.provider.updateSim(simId, { status: SIM_STATUS.active });
      },
    };
    let progress = started;
    try {
      for (const [index, step] of SIM_RESET_STEPS.entries()) {
        if (this.stopping.signal.aborted) throw new Error('The server stopped during the reset');
        await actions[step]();
        await Promise.race([this.sleep(SIM_RESET_WAIT_MS), this.stopped]);
        if (this.stopping.signal.aborted) throw new Error('The server stopped during the reset');
        const last = index === SIM_RESET_STEPS.length - 1;
        progress = { ...progress, step: index + 1, state: last ? 'done' : 'running' };
        this.report(progress, siteId);
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.log.warn({ err: error, deviceId: started.deviceId, step: progress.step }, 'SIM reset failed');
      this.report({ ...progress, state: 'failed', error: message }, siteId);
      // Never leave a SIM switched off by half a reset; if this fails too, the guard's job tries again later.
      const restored = await this.restore(payload).then(
        () => true,
        () => false,
      );
      if (!restored) return;
    }
    await this.repo.releaseReset(started.deviceId).catch((error: unknown) => {
      this.log.error({ err: error, deviceId: started.deviceId }, 'releasing a SIM reset failed');
    });
  }

  private report(progress: SimResetProgress, siteId: string): void {
    this.progress.set(progress.deviceId, progress);
    this.bus.emit('sim.reset', progress, siteId);
  }

  private async tracker(deviceId: string): Promise<SimTracker> {
    const tracker = await this.repo.tracker(deviceId);
    if (!tracker) throw notFound('Device not found');
    return tracker;
  }

  /** The stored endpoint, or null after clearing it when the provider answers 404 (spec §4). */
  private async endpointOrClear(tracker: SimTracker): Promise<SimEndpoint | null> {
    try {
      return await this.provider.getEndpoint(tracker.simEndpointId!);
    } catch (error) {
      if (!isSimNotFound(error)) throw asHttp(error);
      await this.clear(tracker.id, tracker.simEndpointId!);
      return null;
    }
  }

  private async registeredEndpoint(tracker: SimTracker): Promise<SimEndpoint> {
    const endpoint = tracker.simEndpointId ? await this.endpointOrClear(tracker) : null;
    if (!endpoint) throw conflict('This tracker’s SIM is not registered', 'simNotRegistered');
    return endpoint;
  }

  private async clear(deviceId: string, endpointId: string): Promise<void> {
    const row = await this.repo.setEndpoint(deviceId, null, endpointId);
    if (row) this.bus.emit('device.updated', row);
  }
}

function unregistered(tracker: SimTracker): SimCardView {
  return {
    registered: false,
    endpointId: null,
    endpointStatus: null,
    simStatus: null,
    connectivity: null,
    iccid: tracker.gprsCcid,
    carrier: tracker.gprsCarrier,
  };
}
