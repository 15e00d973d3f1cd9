import type { z } from 'zod';
import {
  deviceSettingsOf,
  formatMajor,
  minimumPriceMinor,
  unpublishedSettingKeys,
  type PublicSite,
  type SiteListItem,
  type SiteView,
  type adminSiteCreate,
  type adminSitePatch,
  type siteSettingsUpdate,
} from '@fairway/domain';
import type { DeviceConfigPublisher } from '../../context';
import type { Db } from '../../db/client';
import { badRequest, conflict, HttpError, notFound } from '../../lib/errors';
import type { DomainEventBus } from '../../lib/events';
import type { AuthUser } from '../../plugins/auth';
import type { DbExecutor } from '../../db/client';
import type { ServicesRepository } from '../services/services.repository';
import { toPublicSite, toSiteListItem, toSiteView, type SiteRow } from './sites.presenter';
import type { SiteChanges, SitesRepository } from './sites.repository';

type SettingsUpdate = z.output<typeof siteSettingsUpdate>;
type AdminCreate = z.output<typeof adminSiteCreate>;
type AdminUpdate = z.output<typeof adminSitePatch>['updateData'];

/** A new site opens every day 07:00–20:00 until the club sets its own hours. */
const DEFAULT_OPENING_HOURS = Array.from({ length: 7 }, () => ({ openTime: '07:00', closeTime: '20:00' }));

export const CODE_TAKEN_MESSAGE = 'Code already exists, please use a different code and try again.';

/**
 * Whether a member of the site already holds `value` as a keypad code or RFID tag; read in the transaction
 * that changes the master code. Sites owns the question, the codes module answers it (services.ts wires it).
 */
export type MemberCodeTaken = (tx: DbExecutor, siteId: string, value: string) => Promise<boolean>;

export class SitesService {
  constructor(
    private readonly db: Db,
    private readonly sites: SitesRepository,
    private readonly services: ServicesRepository,
    private readonly deviceConfig: DeviceConfigPublisher,
    private readonly memberCodeTaken: MemberCodeTaken,
    private readonly bus: DomainEventBus,
  ) {}

  /** The sites a user may pick in the site selector; superadmins see every site. */
  async listForUser(user: AuthUser): Promise<SiteListItem[]> {
    const rows = await this.sites.list(user.role === 'superadmin' ? undefined : user.sites);
    return rows.map(toSiteListItem);
  }

  /** A club as the guest pages see it; a staging site does not exist for them. */
  async publicSite(id: string): Promise<PublicSite> {
    const site = await this.sites.find(id);
    if (!site || site.staging) throw notFound('Site not found');
    return toPublicSite(site);
  }

  async get(id: string): Promise<SiteView> {
    const row = await this.sites.find(id);
    if (!row) throw notFound('Site not found');
    return this.present(row);
  }

  async listAll(): Promise<SiteView[]> {
    const rows = await this.sites.list();
    const counts = await this.sites.deviceCounts(rows.map((row) => row.id));
    return rows.map((row) => toSiteView(row, counts.get(row.id) ?? 0));
  }

  /**
   * Saves settings. Device settings (WiFi, lock, recovery mode, master code, time zone) stay unpublished
   * until `publish`: the carts keep running the previous values, which the site keeps beside the new
   * ones. Publishing puts the saved values into every cart's versioned config and marks 'ss' pending on
   * each cart until it acknowledges.
   */
  async updateSettings(
    id: string,
    changes: SettingsUpdate | AdminUpdate,
    options: { publish?: boolean } = {},
  ): Promise<SiteView> {
    const row = await this.db.transaction(async (tx) => {
      const sites = this.sites.in(tx);
      const current = await sites.findForUpdate(id);
      if (!current) throw notFound('Site not found');
      if (changes.currency !== undefined && changes.currency !== current.currency)
        await assertPricesFit(this.services.in(tx), id, changes.currency);
      if (changes.masterUnlock && changes.masterUnlock !== current.masterUnlock) {
        if (await this.memberCodeTaken(tx, id, changes.masterUnlock))
          throw conflict(CODE_TAKEN_MESSAGE, 'codeTaken');
      }
      const write = columnsToWrite(current, changes);
      const next = { ...current, ...write };
      assertWifiComplete(next);
      return sites.update(id, {
        ...write,
        publishedSettings: publishedAfter(current, next, options.publish),
      });
    });
    if (!row) throw notFound('Site not found');
    if (options.publish) await this.deviceConfig.publishSite(id, ['ss']);
    return this.present(row);
  }

  async create(input: AdminCreate): Promise<SiteView> {
    const row = await this.sites.create({ openingHours: DEFAULT_OPENING_HOURS, ...input });
    return toSiteView(row, 0);
  }

  async delete(id: string): Promise<void> {
    const staging = await this.sites.staging();
    if (id === staging.id) throw badRequest('The staging site cannot be deleted');
    const losing = await this.sites.deleteToStaging(id, staging.id);
    if (!losing) throw notFound('Site not found');
    // The users who lost the site: their sessions' cached access and open sockets are checked again at once.
    for (const userId of losing) this.bus.emit('user.access.changed', userId);
  }

  private async present(row: SiteRow): Promise<SiteView> {
    const counts = await this.sites.deviceCounts([row.id]);
    return toSiteView(row, counts.get(row.id) ?? 0);
  }
}

/** The columns `changes` writes; the public profile merges field by field. */
function columnsToWrite(current: SiteRow, changes: SettingsUpdate | AdminUpdate): SiteChanges {
  const { publicProfile, ...columns } = changes;
  const write: SiteChanges = stripUndefined(columns);
  if (publicProfile) {
    if (publicProfile.active && !current.stripeAccountActive)
      throw new HttpError(400, 'Activate payments before enabling the booking app', 'paymentsNotActive');
    const { address, ...fields } = publicProfile;
    write.publicProfile = {
      ...current.publicProfile,
      ...stripUndefined(fields),
      address: { ...current.publicProfile.address, ...stripUndefined(address ?? {}) },
    };
  }
  return write;
}

/** Spec §5: SSID and password are required while WiFi is on. */
function assertWifiComplete(site: SiteRow): void {
  if (site.wifiEnabled !== '1') return;
  if (site.wifiSSID.trim() === '') throw new HttpError(400, 'wifiSSID: This field is required', 'required');
  if (site.wifiPassword === '') throw new HttpError(400, 'wifiPassword: This field is required', 'required');
}

/**
 * What the carts run after this save: nothing pending once published or when the saved values match the
 * carts' again; otherwise the values they had before (kept from the first unpublished save).
 */
function publishedAfter(current: SiteRow, next: SiteRow, publish = false) {
  if (publish) return null;
  const published = current.publishedSettings ?? deviceSettingsOf(current);
  return unpublishedSettingKeys(deviceSettingsOf(next), published).length === 0 ? null : published;
}

/** A new currency must not leave a price below its minimum (spec §5); amounts keep their minor units. */
async function assertPricesFit(services: ServicesRepository, siteId: string, currency: string) {
  const minimum = minimumPriceMinor(currency);
  const below = await services.pricesBelow(siteId, minimum);
  if (below.length === 0) return;
  throw new HttpError(
    400,
    `These prices are below the minimum of ${formatMajor(minimum, currency)} ${currency}: ${below.join(', ')}`,
    'pricesBelowMinimum',
  );
}

function stripUndefined<T extends object>(value: T): { [K in keyof T]: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as never;
}
