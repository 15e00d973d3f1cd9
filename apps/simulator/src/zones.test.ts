import type { ConfigMessage } from '@fairway/domain';
import { describe, expect, it } from 'vitest';
import { FACTORY_SETTINGS } from './config';
import type { LatLng } from './geo';
import { command, recordingDevice } from './device.test-support';
import { ZonePresence, type ConfigZone } from './zones';

/** A square zone of about 110 m × 60 m, south-west corner at `[lat, lng]`. */
const square = (id: string, type: ConfigZone['type'], [lat, lng]: LatLng): ConfigZone => ({
  id,
  type,
  ring: [
    [lng, lat],
    [lng + 0.001, lat],
    [lng + 0.001, lat + 0.001],
    [lng, lat + 0.001],
    [lng, lat],
  ],
});

describe('zone presence', () => {
  const pond = square('pond', 'restriction', [56.35, -2.81]);
  const inPond: LatLng = [56.3505, -2.8095];
  const nearPond: LatLng = [56.3505, -2.8085];

  it('reports entering and leaving, once per crossing', () => {
    const presence = new ZonePresence();
    expect(presence.setZones([pond], nearPond)).toEqual([]);
    expect(presence.update(inPond).map((c) => [c.kind, c.zone.id])).toEqual([['enter', 'pond']]);
    expect(presence.update([56.3506, -2.8096])).toEqual([]);
    expect(presence.inRestrictionZone).toBe(true);
    expect(presence.update(nearPond).map((c) => [c.kind, c.zone.id])).toEqual([['exit', 'pond']]);
    expect(presence.inRestrictionZone).toBe(false);
  });

  it('follows the ring, not only its bounding box', () => {
    const triangle: ConfigZone = {
      id: 't',
      type: 'geofence',
      ring: [
        [-2.81, 56.35],
        [-2.8, 56.35],
        [-2.81, 56.36],
        [-2.81, 56.35],
      ],
    };
    const presence = new ZonePresence();
    presence.setZones([triangle], [0, 0]);
    expect(presence.update([56.352, -2.808])).toHaveLength(1); // near the right angle: inside
    expect(presence.update([56.358, -2.801])).toHaveLength(1); // in the box, beyond the hypotenuse: left
    expect(presence.zoneIds).toEqual([]);
  });

  it('enters a zone published around the cart, and leaves one removed from under it', () => {
    const presence = new ZonePresence();
    expect(presence.setZones([pond], inPond).map((c) => c.kind)).toEqual(['enter']);
    expect(presence.setZones([], inPond).map((c) => c.kind)).toEqual(['exit']);
  });
});

describe('a cart crossing zones', () => {
  const barn = square('barn', 'parking', [56.3425, -2.805]);
  const pond = square('pond', 'restriction', [56.35, -2.81]);
  const config: ConfigMessage = {
    version: 2,
    issuedAt: 1_767_225_600_000,
    settings: FACTORY_SETTINGS,
    codes: [],
    zones: [barn, pond],
  };

  it('publishes zone events, sounds the zone buzzer inside a restriction zone and reports at once', () => {
    const { device, on, sent } = recordingDevice();
    device.receiveConfig(config);
    expect(on('event')).toMatchObject([
      { type: 'zone_enter', data: { zoneId: 'barn', zoneType: 'parking' } },
    ]);
    expect(device.state()).toMatchObject({ zoneIds: ['barn'], buzzing: false });

    device.moveTo([56.3505, -2.8095]);
    expect(on('event').slice(1)).toMatchObject([
      { type: 'zone_exit', data: { zoneId: 'barn', zoneType: 'parking' } },
      { type: 'zone_enter', data: { zoneId: 'pond', zoneType: 'restriction' } },
    ]);
    expect(sent.at(-1)).toMatchObject({ channel: 'telemetry', message: { lat: 56.3505, lng: -2.8095 } });
    expect(device.state()).toMatchObject({ zoneIds: ['pond'], buzzing: true });

    device.moveTo([56.3505, -2.8085]);
    expect(on('event').at(-1)).toMatchObject({ type: 'zone_exit', data: { zoneId: 'pond' } });
    expect(device.state()).toMatchObject({ zoneIds: [], buzzing: false });
  });

  it('keeps a moved cart where it was put while locked, and drives on from there when unlocked', () => {
    const { device, clock } = recordingDevice();
    device.moveTo([56.3505, -2.8085]);
    clock.now += 10 * 60_000;
    device.advance();
    expect(device.state()).toMatchObject({ position: [56.3505, -2.8085], activity: 'held', lock: 1 });
    device.receiveCommand(command(clock.now, { name: 'unlock' }));
    clock.now += 2 * 60_000;
    device.advance();
    const state = device.state();
    expect(state.activity).not.toBe('held');
    expect(state.position).not.toEqual([56.3505, -2.8085]);
    expect(state.hole).not.toBeNull();
  });
});
