import type { CommandView, SiteView } from '@fairway/domain';
import { SITE_A } from '../../../test/carts';

/** A complete, valid SiteView (domain `siteView`) of SITE_A: keyless, no scheduled lock, auto-lock off. */
export function makeSite(overrides: Partial<SiteView> = {}): SiteView {
  return {
    _id: SITE_A,
    name: 'Demo Golf Club',
    country: 'CZ',
    currency: 'EUR',
    centerLatLong: '50.0, 14.0',
    timezone: 'Europe/Prague',
    devices: 0,
    openingHours: [null, null, null, null, null, null, null],
    bookingOffset: 0,
    bookingTurnaround: 20,
    bookingIntegration: false,
    autoLock: '0',
    lockFrom: '00:00',
    roundTimeout: 0,
    lang: 'en',
    wifiEnabled: '0',
    wifiSSID: '',
    wifiPassword: '',
    recoveryMode: false,
    masterUnlock: null,
    logo: null,
    cover: null,
    keyless: true,
    keypadEnabled: false,
    membersModule: false,
    scanToRideToggle: false,
    trailPoints: 0,
    minRideDuration: 0,
    gbfsEnabled: false,
    overrunGraceMinutes: 10,
    staging: false,
    publicProfile: {
      active: false,
      name: 'Demo Golf Club',
      description: '',
      termsAndConditions: '',
      website: '',
      logoUrl: null,
      coverPhotoUrl: null,
      address: { street: '', city: '', postcode: '', country: '' },
    },
    stripeConfig: {
      accountId: null,
      accountActive: false,
      revenueShareMethod: 'percentage',
      percentage: 0,
      fixedFee: 0,
      unlockFee: 0,
    },
    unpublishedChanges: [],
    ...overrides,
  };
}

let commandCounter = 0;

/** A command as the server presents it (acknowledged unless told otherwise), each with its own id. */
export function makeCommand(overrides: Partial<CommandView> = {}): CommandView {
  commandCounter += 1;
  return {
    _id: `dddddddd-dddd-4ddd-8ddd-${String(commandCounter).padStart(12, '0')}`,
    deviceId: 'cccccccc-cccc-4ccc-8ccc-000000000001',
    siteId: SITE_A,
    name: 'lock',
    code: null,
    state: 'acknowledged',
    error: null,
    result: null,
    source: 'dashboard',
    requestedBy: null,
    issuedAt: '2025-01-01T10:00:00.000Z',
    sentAt: '2025-01-01T10:00:00.100Z',
    ackedAt: '2025-01-01T10:00:00.300Z',
    expiresAt: '2025-01-01T10:00:08.000Z',
    finishedAt: '2025-01-01T10:00:00.300Z',
    ...overrides,
  };
}
