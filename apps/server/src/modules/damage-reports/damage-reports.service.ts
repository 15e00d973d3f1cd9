import { createHmac, randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import {
  DAMAGE_REPORT_LIST_LIMIT,
  DAMAGE_REPORT_LIMITS,
  damageBlocksCart,
  damageReportFields,
  type DamageReportReceipt,
  type DamageReportView,
} from '@fairway/domain';
import { HttpError, RateLimitedError, conflict } from '../../lib/errors';
import type { DomainEventBus } from '../../lib/events';
import { LocalFileStore, type FileStore } from '../../lib/file-store';
import type { ReportBlocks } from '../bookings/report-blocks';
import { photoTooLarge, reencodePhoto } from './damage-photos';
import { toDamageReportReceipt, toDamageReportView } from './damage-reports.presenter';
import type {
  DamageReportListing,
  DamageReportRow,
  DamageReportsRepository,
  ReportedCart,
} from './damage-reports.repository';

const HOUR = 60 * 60 * 1000;
/** How long a listed photo's signed address works: longer than anyone keeps a cart's sheet open. */
const PHOTO_URL_SECONDS = 60 * 60;

/** The guest's form as the route read it from the multipart body. */
export interface ReportUpload {
  fields: Record<string, string>;
  /** the photo's bytes, at most one byte past the limit (the reader stops there); null without one */
  photo: Buffer | null;
}

const cartNotFound = () => new HttpError(404, 'Cart not found', 'cartNotFound');
const reportNotFound = () => new HttpError(404, 'Report not found', 'reportNotFound');

/** 429 in the house shape (`rateLimited`, retryAfter), with a message that says which limit was met. */
class ReportLimitError extends RateLimitedError {
  constructor(retryAfter: number, subject: 'cart' | 'address') {
    super(retryAfter);
    const minutes = Math.max(1, Math.ceil(retryAfter / 60));
    this.message =
      subject === 'cart'
        ? `This cart has already been reported several times in the last hour; please try again in ${minutes} minutes`
        : `Too many reports from your connection in the last hour; please try again in ${minutes} minutes`;
  }
}

/**
 * Guests' problem reports about a cart (issue 23) and what staff do with them. A report needs no login: it
 * is limited per cart and per address per hour, counted in the table (so the limit holds across server
 * instances) by a keyed hash of the address, never the address itself. A category that takes the cart out
 * of use opens a maintenance block in the same transaction as the report; resolving the report gives the
 * cart back, unless another open report or a block staff made keeps it out.
 */
export class DamageReportsService {
  constructor(
    private readonly repo: DamageReportsRepository,
    private readonly blocks: ReportBlocks,
    /** the private store: photos leave it only by signed, expiring addresses */
    private readonly photos: FileStore,
    /** the key of the address hash, shared by every instance (a platform secret) */
    private readonly reporterSecret: () => Promise<string>,
    private readonly bus: DomainEventBus,
    private readonly log: Logger,
  ) {}

  /** A guest's report from the cart's page; `address` is the caller's IP address. */
  async report(
    deviceId: string,
    address: string,
    upload: ReportUpload,
    now = new Date(),
  ): Promise<DamageReportReceipt> {
    const cart = await this.repo.cart(deviceId);
    if (!cart || cart.staging) throw cartNotFound();
    const reporterHash = await this.reporterHash(address);
    // Counted before the photo is decoded, so a flood costs no image work; counted again below, serialised.
    await this.refuseOverLimits(this.repo, cart.deviceId, reporterHash, now);

    const parsed = damageReportFields.safeParse(upload.fields);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new HttpError(400, `${issue.path.join('.') || 'body'}: ${issue.message}`, 'invalidField');
    }
    let photoKey: string | null = null;
    if (upload.photo && upload.photo.length > 0) {
      if (upload.photo.length > DAMAGE_REPORT_LIMITS.photoMaxBytes) throw photoTooLarge();
      const jpeg = await reencodePhoto(upload.photo);
      // A random name: nothing of the guest's file (its name, its hash) reaches the store.
      photoKey = `damage-reports/${cart.siteId}/${randomUUID()}.jpg`;
      await this.photos.put(photoKey, jpeg, 'image/jpeg');
    }

    const { category, description } = parsed.data;
    let stored: { report: DamageReportRow; blockOpened: boolean };
    try {
      stored = await this.repo.atomically(async (repo, tx) => {
        await repo.serialise(cart.deviceId, reporterHash);
        await this.refuseOverLimits(repo, cart.deviceId, reporterHash, now);
        const block = damageBlocksCart(category)
          ? await this.blocks.open(tx, { siteId: cart.siteId, deviceId: cart.deviceId }, now)
          : null;
        const report = await repo.insert({
          siteId: cart.siteId,
          deviceId: cart.deviceId,
          category,
          description,
          photoKey,
          blockId: block?.id ?? null,
          reporterHash,
          createdAt: now,
        });
        await repo.recordActivity({
          deviceId: cart.deviceId,
          siteId: cart.siteId,
          type: 'damage_reported',
          message: `${cartName(cart)}: a guest reported ${category.replace('_', ' ')}${block ? '; cart blocked' : ''}`,
          data: { reportId: report.id, category, blockId: block?.id ?? null, photo: photoKey !== null },
        });
        return { report, blockOpened: block?.opened ?? false };
      });
    } catch (error) {
      if (photoKey) await this.deletePhotoQuietly(photoKey);
      throw error;
    }

    const { report, blockOpened } = stored;
    if (report.blockId && blockOpened) this.blocks.announce(report.siteId, report.blockId);
    this.bus.emit('damage-report.updated', report);
    return toDamageReportReceipt(report);
  }

  /** A cart's reports for staff: open ones first, each group newest first. */
  async listForCart(siteId: string, deviceId: string): Promise<DamageReportView[]> {
    if (!(await this.repo.siteCart(siteId, deviceId))) throw cartNotFound();
    return this.presentAll(await this.repo.listForCart(siteId, deviceId, DAMAGE_REPORT_LIST_LIMIT));
  }

  /** The site's open reports, newest first. */
  async listOpen(siteId: string): Promise<DamageReportView[]> {
    return this.presentAll(await this.repo.listOpen(siteId));
  }

  /**
   * Staff resolve a report (409 when it is resolved already). The block it opened ends now — unless another
   * open report still points at it, or staff made that block themselves (the report only joined it).
   */
  async resolve(siteId: string, id: string, userId: string, now = new Date()): Promise<DamageReportView> {
    const existing = await this.repo.find(siteId, id);
    if (!existing) throw reportNotFound();
    const { report, blockEnded } = await this.repo.atomically(async (repo, tx) => {
      // The same lock a new report about the cart takes: a report joining the block waits, or is seen.
      await repo.serialise(existing.deviceId, existing.reporterHash);
      const resolved = await repo.resolve(siteId, id, userId, now);
      if (!resolved) throw conflict('status: This report is already resolved', 'alreadyResolved');
      let ended = false;
      if (
        resolved.blockId &&
        !(await repo.blockStillReported(resolved.blockId, resolved.id)) &&
        (await repo.blockOpenedByReport(resolved.blockId))
      )
        ended = await this.blocks.end(tx, siteId, resolved.blockId, now);
      await repo.recordActivity({
        deviceId: resolved.deviceId,
        siteId,
        type: 'damage_report_resolved',
        message: `${cartName({ carNumber: existing.carNumber, serial: null })}: damage report resolved${ended ? '; cart back in use' : ''}`,
        data: { reportId: resolved.id, userId, blockEnded: ended },
      });
      return { report: resolved, blockEnded: ended };
    });
    if (blockEnded && report.blockId) this.blocks.announce(siteId, report.blockId);
    this.bus.emit('damage-report.updated', report);
    const view = await this.present(report);
    if (!view) throw reportNotFound();
    return view;
  }

  /** A stored report as staff see it (the socket gateway pushes this); null when it is gone. */
  async present(report: Pick<DamageReportRow, 'id' | 'siteId'>): Promise<DamageReportView | null> {
    const listing = await this.repo.find(report.siteId, report.id);
    return listing ? toDamageReportView(listing, await this.photoUrl(listing.photoKey)) : null;
  }

  private presentAll(rows: DamageReportListing[]): Promise<DamageReportView[]> {
    return Promise.all(rows.map(async (row) => toDamageReportView(row, await this.photoUrl(row.photoKey))));
  }

  /**
   * The photo's signed address. The local store's is served by this server, so it is given as a path:
   * the browser asks the origin it already uses (and its content policy allows), whatever PUBLIC_URL says.
   */
  private async photoUrl(key: string | null): Promise<string | null> {
    if (!key) return null;
    const url = await this.photos.signedUrl(key, PHOTO_URL_SECONDS);
    if (!(this.photos instanceof LocalFileStore)) return url;
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  }

  private async refuseOverLimits(
    repo: DamageReportsRepository,
    deviceId: string,
    reporterHash: string,
    now: Date,
  ): Promise<void> {
    const since = new Date(+now - HOUR);
    const checks = [
      { subject: 'cart', max: DAMAGE_REPORT_LIMITS.perCartPerHour, where: { deviceId } },
      { subject: 'address', max: DAMAGE_REPORT_LIMITS.perAddressPerHour, where: { reporterHash } },
    ] as const;
    for (const { subject, max, where } of checks) {
      const { count, oldest } = await repo.countSince(where, since);
      if (count < max) continue;
      // Free again when the oldest counted report leaves the hour.
      const wait = oldest ? Math.ceil((+oldest + HOUR - +now) / 1000) : 60;
      throw new ReportLimitError(Math.max(1, wait), subject);
    }
  }

  private async reporterHash(address: string): Promise<string> {
    return createHmac('sha256', await this.reporterSecret())
      .update(address)
      .digest('hex');
  }

  private async deletePhotoQuietly(key: string): Promise<void> {
    await this.photos
      .delete(key)
      .catch((error: unknown) => this.log.warn({ err: error, key }, 'could not delete a damage photo'));
  }
}

const cartName = (cart: Pick<ReportedCart, 'carNumber'> & { serial: string | null }): string =>
  cart.carNumber ? `Cart ${cart.carNumber}` : cart.serial ? `Cart ${cart.serial}` : 'A cart';
