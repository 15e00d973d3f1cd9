import type { DamageReportReceipt, DamageReportView } from '@fairway/domain';
import type { DamageReportListing, DamageReportRow } from './damage-reports.repository';

/** A stored report as staff see it; `photoUrl` is the signed address of its photo (null without one). */
export function toDamageReportView(report: DamageReportListing, photoUrl: string | null): DamageReportView {
  return {
    _id: report.id,
    siteId: report.siteId,
    deviceId: report.deviceId,
    carNumber: report.carNumber,
    category: report.category,
    description: report.description,
    photoUrl,
    status: report.status,
    blockId: report.blockId,
    createdAt: report.createdAt.toISOString(),
    resolvedAt: report.resolvedAt?.toISOString() ?? null,
    resolvedBy: report.resolverEmail,
  };
}

/** What the reporting guest's phone is told. */
export function toDamageReportReceipt(report: DamageReportRow): DamageReportReceipt {
  return {
    _id: report.id,
    category: report.category,
    cartBlocked: report.blockId !== null,
    createdAt: report.createdAt.toISOString(),
  };
}
