import type { z } from 'zod';
import type {
  SiteListItem,
  SiteView,
  adminSiteCreate,
  adminSitePatch,
  siteSettingsUpdate,
} from '@fairway/domain';
import { badRequest, notFound } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { toSiteListItem, toSiteView, type SiteRow } from './sites.presenter';
import type { SiteChanges, SitesRepository } from './sites.repository';

type SettingsUpdate = z.infer<typeof siteSettingsUpdate>;
type AdminCreate = z.infer<typeof adminSiteCreate>;
type AdminUpdate = z.infer<typeof adminSitePatch>['updateData'];

/** A new site opens every day 07:00–20:00 until the club sets its own hours. */
const DEFAULT_OPENING_HOURS = Array.from({ length: 7 }, () => ({ openTime: '07:00', closeTime: '20:00' }));

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export class SitesService {
  constructor(private readonly sites: SitesRepository) {}

  /** The sites a user may pick in the site selector; superadmins see every site. */
  async listForUser(user: AuthUser): Promise<SiteListItem[]> {
    const rows = await this.sites.list(user.role === 'superadmin' ? undefined : user.sites);
    return rows.map(toSiteListItem);
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

  async updateSettings(id: string, changes: SettingsUpdate | AdminUpdate): Promise<SiteView> {
    if ('timezone' in changes && changes.timezone !== undefined && !isTimeZone(changes.timezone)) {
      throw badRequest('timezone: unknown time zone');
    }
    const row = await this.sites.update(id, changes as SiteChanges);
    if (!row) throw notFound('Site not found');
    return this.present(row);
  }

  async create(input: AdminCreate): Promise<SiteView> {
    if (!isTimeZone(input.timezone)) throw badRequest('timezone: unknown time zone');
    const row = await this.sites.create({ openingHours: DEFAULT_OPENING_HOURS, ...input });
    return toSiteView(row, 0);
  }

  async delete(id: string): Promise<void> {
    const staging = await this.sites.staging();
    if (id === staging.id) throw badRequest('The staging site cannot be deleted');
    const deleted = await this.sites.deleteToStaging(id, staging.id);
    if (!deleted) throw notFound('Site not found');
  }

  private async present(row: SiteRow): Promise<SiteView> {
    const counts = await this.sites.deviceCounts([row.id]);
    return toSiteView(row, counts.get(row.id) ?? 0);
  }
}
