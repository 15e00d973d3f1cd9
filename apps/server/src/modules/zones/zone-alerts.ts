import { z } from 'zod';
import type { EventMessage, ZoneAlert, ZoneType } from '@fairway/domain';
import type { Logger } from 'pino';
import type { DomainEventBus } from '../../lib/events';
import { retryWhileDatabaseDown } from '../../lib/retry';
import type { DevicesRepository } from '../devices/devices.repository';
import type { ZoneActivityRepository } from './zone-activity.repository';
import type { ZonesRepository } from './zones.repository';

/** What zone alerts read and write. */
export interface ZoneAlertStores {
  devices: DevicesRepository;
  zones: ZonesRepository;
  activityLog: ZoneActivityRepository;
}

/**
 * Which crossings concern the operators. Restriction: entering is the alarm, leaving clears it. Geofence:
 * leaving (a cart off the course) is the alarm, coming back clears it. Parking crossings are routine and
 * raise nothing. The cart sounds its own zone buzzer; this only tells the browsers and the activity log.
 */
const ALERTING_ZONE_TYPES: ReadonlySet<ZoneType> = new Set(['restriction', 'geofence']);

const zoneEventData = z.object({ zoneId: z.uuid() });

type ZoneEventType = 'zone_enter' | 'zone_exit';
const isZoneEvent = (event: EventMessage): event is EventMessage & { type: ZoneEventType } =>
  event.type === 'zone_enter' || event.type === 'zone_exit';

/** Event ids recently handled: QoS 1 may deliver a cart's event twice, which must not alert twice. */
const RECENT_EVENT_IDS = 1_000;

/**
 * Turns the carts' own zone_enter/zone_exit events for an alerting zone of the cart's own site into a
 * 'zone.alert' (relayed to the site's browsers) and an activity row. Built once by the composition root.
 */
export class ZoneAlerts {
  constructor(
    private readonly stores: ZoneAlertStores,
    private readonly bus: DomainEventBus,
    private readonly log: Logger,
  ) {}

  /** Subscribes to `device.event`; returns the unsubscribe function. */
  attach(): () => void {
    const { devices, zones, activityLog } = this.stores;
    const { bus, log } = this;
    const recent = new Set<string>();

    async function handle(deviceId: string, event: EventMessage & { type: ZoneEventType }): Promise<void> {
      const data = zoneEventData.safeParse(event.data);
      if (!data.success) {
        log.warn({ deviceId, event }, 'zone event without a valid zoneId');
        return;
      }
      const key = `${deviceId}:${event.id}`;
      if (recent.has(key)) return;
      const device = await devices.find(deviceId);
      // A zone of another site (a stale config after the cart moved) is none of this site's business.
      const zone = device ? await zones.find(device.siteId, data.data.zoneId) : null;
      if (!device || !zone || !ALERTING_ZONE_TYPES.has(zone.type)) return;

      const kind = event.type === 'zone_enter' ? 'enter' : 'exit';
      const alert: ZoneAlert = {
        siteId: device.siteId,
        deviceId,
        carNumber: device.carNumber,
        zoneId: zone.id,
        zoneType: zone.type,
        kind,
        ts: new Date(event.ts).toISOString(),
      };
      const cart = device.carNumber ? `Cart ${device.carNumber}` : `Cart ${device.serial}`;
      await activityLog.record({
        deviceId,
        siteId: device.siteId,
        type: event.type,
        message: `${cart} ${kind === 'enter' ? 'entered' : 'left'} ${zone.type} zone`,
        data: { zoneId: zone.id, zoneType: zone.type },
      });
      // Recorded first: an alert the browsers saw is in the log, and a retried handling alerts only once.
      recent.add(key);
      if (recent.size > RECENT_EVENT_IDS) recent.delete(recent.values().next().value!);
      bus.emit('zone.alert', alert);
    }

    // One at a time, in arrival order: an enter and the exit right after it must reach the browsers in that
    // order, or the marker would stay highlighted. Zone crossings are rare, so a single queue is plenty. The
    // dispatcher waits for the returned promise before the broker hears the event was received; a database
    // that is away is waited for here (a rejection would run the other reactions to the event again).
    let queue = Promise.resolve();
    let detached = false;
    const listener = (deviceId: string, event: EventMessage): Promise<void> => {
      if (!isZoneEvent(event)) return Promise.resolve();
      const done = queue.then(() =>
        retryWhileDatabaseDown(() => handle(deviceId, event), {
          log: log,
          what: 'zone alert',
          context: { deviceId },
          stopped: () => detached,
        }),
      );
      queue = done.catch((error: unknown) => log.error({ err: error, deviceId, event }, 'zone alert failed'));
      return done;
    };
    bus.on('device.event', listener);
    return () => {
      detached = true;
      bus.off('device.event', listener);
    };
  }
}
