import { z } from 'zod';
import { id } from './common';
import { safeText } from './text';

/** What a guest can report about a cart (issue 23). */
export const DAMAGE_CATEGORIES = ['flat_tyre', 'battery', 'damage', 'dirty', 'other'] as const;
export const damageCategory = z.enum(DAMAGE_CATEGORIES);
export type DamageCategory = z.infer<typeof damageCategory>;

/** Categories after which the cart must not be used: the report opens a maintenance block. */
export const BLOCKING_DAMAGE_CATEGORIES: readonly DamageCategory[] = ['flat_tyre', 'battery', 'damage'];
export const damageBlocksCart = (category: DamageCategory): boolean =>
  BLOCKING_DAMAGE_CATEGORIES.includes(category);

export const DAMAGE_REPORT_STATUSES = ['open', 'resolved'] as const;
export const damageReportStatus = z.enum(DAMAGE_REPORT_STATUSES);
export type DamageReportStatus = z.infer<typeof damageReportStatus>;

export const DAMAGE_REPORT_LIMITS = {
  descriptionMax: 1_000,
  /** the upload as sent, before re-encoding */
  photoMaxBytes: 10 * 1024 * 1024,
  /** the stored photo's longest side */
  photoMaxSide: 1_600,
  /** reports per cart per hour, and per address per hour */
  perCartPerHour: 5,
  perAddressPerHour: 10,
} as const;

/** The guest form's fields (multipart: these plus an optional `photo` file). */
export const damageReportFields = z.object({
  category: damageCategory,
  description: safeText({ multiline: true })
    .trim()
    .max(DAMAGE_REPORT_LIMITS.descriptionMax, {
      message: `At most ${DAMAGE_REPORT_LIMITS.descriptionMax} characters`,
    })
    .default(''),
});
export type DamageReportFields = z.infer<typeof damageReportFields>;

export const damageReportView = z.object({
  _id: id,
  siteId: id,
  deviceId: id,
  carNumber: z.string().nullable(),
  category: damageCategory,
  description: z.string(),
  /** a signed address of the re-encoded photo, null without one */
  photoUrl: z.string().nullable(),
  status: damageReportStatus,
  /** the maintenance block the report opened, if its category takes the cart out of use */
  blockId: id.nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  resolvedAt: z.iso.datetime({ offset: true }).nullable(),
  resolvedBy: z.string().nullable(),
});
export type DamageReportView = z.infer<typeof damageReportView>;
