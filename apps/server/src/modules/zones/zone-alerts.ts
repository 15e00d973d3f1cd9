import { z } from 'zod';
import type { EventMessage, ZoneAlert, ZoneType } from '@fairway/domain';
import type { AppContext } from '../../context';
import { DevicesRepository } from '../devices/devices.repository';
import { ZoneActivityRepository } from './zone-activity.repository';
import { ZonesRepository } from './zones.repository';

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
 * Subscribes to the carts' own zone_enter/zone_exit events and turns those for an alerting zone of the
 * cart's own site into a 'zone.alert' (relayed to the site's browsers) and an activity row. Returns the
 * unsubscribe function.
 */
export function attachZoneAlerts(ctx: AppContext): () => void {
  const devices = new DevicesRepository(ctx.db);
  const zones = new ZonesRepository(ctx.db);
  const activityLog = new ZoneActivityRepository(ctx.db);
  const recent = new Set<string>();

  async function handle(deviceId: string, event: EventMessage & { type: ZoneEventType }): Promise<void> {
    const data = zoneEventData.safeParse(event.data);
    if (!data.success) {
      ctx.log.warn({ deviceId, event }, 'zone event without a valid zoneId');
      return;
    }
    const key = `${deviceId}:${event.id}`;
    if (recent.has(key)) return;
    recent.add(key);
    if (recent.size > RECENT_EVENT_IDS) recent.delete(recent.values().next().value!);

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
    ctx.bus.emit('zone.alert', alert);
    const cart = device.carNumber ? `Cart ${device.carNumber}` : `Cart ${device.serial}`;
    await activityLog.record({
      deviceId,
      siteId: device.siteId,
      type: event.type,
      message: `${cart} ${kind === 'enter' ? 'entered' : 'left'} ${zone.type} zone`,
      data: { zoneId: zone.id, zoneType: zone.type },
    });
  }

  // One at a time, in arrival order: an enter and the exit right after it must reach the browsers in that
  // order, or the marker would stay highlighted. Zone crossings are rare, so a single queue is plenty.
  let queue = Promise.resolve();
  const listener = (deviceId: string, event: EventMessage) => {
    if (!isZoneEvent(event)) return;
    queue = queue
      .then(() => handle(deviceId, event))
      .catch((error: unknown) => ctx.log.error({ err: error, deviceId, event }, 'zone alert failed'));
  };
  ctx.bus.on('device.event', listener);
  return () => ctx.bus.off('device.event', listener);
}
