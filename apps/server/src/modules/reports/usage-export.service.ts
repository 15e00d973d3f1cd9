import { Readable } from 'node:stream';
import { SITE_LANGS, USAGE_ORIGIN_TYPES, type RideUsageExportQuery, type SiteLang } from '@fairway/domain';
import { notFound } from '../../lib/errors';
import { fileNamePart } from '../../lib/file-name';
import { csvChunks } from './usage-csv';
import type { ExportScope, UsageExportRepository } from './usage-export.repository';
import { USAGE_EXPORT_TEXTS } from './usage-export-texts';
import { usageRange, type UsageService } from './usage.service';

export interface UsageCsvFile {
  filename: string;
  /** UTF-8 text, streamed batch by batch */
  body: Readable;
}

export interface UsagePdfFile {
  filename: string;
  pdf: Uint8Array;
}

const isSiteLang = (value: string | null): value is SiteLang =>
  value !== null && (SITE_LANGS as readonly string[]).includes(value);

/**
 * Reports → Usage exports (issue 19): the range's rides as a CSV, and a one-page PDF summary of what the
 * Usage page shows. Both in the asked language, else the user's, else the site's; both of the same rides
 * as the chart (the CSV reads them, the PDF draws the chart's own aggregate).
 */
export class UsageExportService {
  constructor(
    private readonly repository: UsageExportRepository,
    private readonly usage: UsageService,
  ) {}

  async csv(siteId: string, userId: string, query: RideUsageExportQuery): Promise<UsageCsvFile> {
    const scope = await this.scope(siteId, userId, query);
    const { start, end, firstDay, lastDay } = usageRange(query, scope.timezone);
    const texts = USAGE_EXPORT_TEXTS[this.lang(query, scope)];
    const batches = this.repository.rides({
      siteId,
      timezone: scope.timezone,
      start,
      end,
      deviceId: query.device ?? null,
      types: USAGE_ORIGIN_TYPES[query.origin],
    });
    return {
      filename: `usage-${this.slug(scope)}-${firstDay}-${lastDay}.csv`,
      body: Readable.from(csvChunks(batches, texts, scope.currency)),
    };
  }

  async pdf(siteId: string, userId: string, query: RideUsageExportQuery): Promise<UsagePdfFile> {
    const scope = await this.scope(siteId, userId, query);
    const lang = this.lang(query, scope);
    const usage = await this.usage.usage(siteId, query);
    // Loaded on first use: pdf-lib and fontkit cost ~40 MB of RSS in every server that never prints one
    // (docs/performance.md, issue 22 memory).
    const { buildUsageSummaryPdf } = await import('./usage-summary.pdf');
    const pdf = await buildUsageSummaryPdf({
      siteName: scope.siteName,
      cart: scope.cart,
      origin: query.origin,
      lang,
      usage,
      madeAt: new Date(),
    });
    return { filename: `usage-${this.slug(scope)}-${usage.firstDay}-${usage.lastDay}.pdf`, pdf };
  }

  private async scope(siteId: string, userId: string, query: RideUsageExportQuery): Promise<ExportScope> {
    const scope = await this.repository.scope(siteId, userId, query.device ?? null);
    if (!scope) throw notFound('Site not found');
    // Another site's cart is as unknown here as a missing one (as for the chart).
    if (query.device && !scope.cart) throw notFound('Cart not found');
    return scope;
  }

  private lang(query: RideUsageExportQuery, scope: ExportScope): SiteLang {
    if (query.lang) return query.lang;
    if (isSiteLang(scope.userLang)) return scope.userLang;
    return isSiteLang(scope.siteLang) ? scope.siteLang : 'en';
  }

  /** The file's subject: the filtered cart ('cart-12-eden'), else the site. */
  private slug(scope: ExportScope): string {
    if (scope.cart)
      return fileNamePart(`cart ${scope.cart.carNumber ?? ''} ${scope.cart.carName ?? ''}`) || 'cart';
    return fileNamePart(scope.siteName) || 'site';
  }
}
