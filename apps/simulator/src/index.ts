/**
 * @fairway/simulator — virtual golf carts speaking device protocol v1 (docs/device-protocol.md).
 * `startFleet` runs many carts against an MQTT broker; the pieces below it are exported for tests and tools.
 */
export { startFleet, barnSpots, type Fleet, type FleetCart, type FleetOptions } from './fleet';
export type { CartHandle } from './simulated-cart';
export {
  CartDevice,
  SIMULATOR_FIRMWARE,
  type CartDeviceOptions,
  type CartState,
  type DeviceOutbox,
} from './device';
export type { LinkState } from './cart-connection';
export {
  decideCode,
  unlockEventType,
  type CodeDecision,
  type CodeEntry,
  type CodeRefusal,
  type ConfigCode,
} from './codes';
export {
  DEMO_COURSE,
  SECOND_COURSE,
  courseCentre,
  courseCentreLatLong,
  type Course,
  type Hole,
} from './courses';
export type { LatLng } from './geo';
export { consoleLogger, silentLogger, type Logger } from './logger';
