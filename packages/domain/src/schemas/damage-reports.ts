import { z } from 'zod';
import { id } from './common';
import { safeText } from './text';
import { DAMAGE_CATEGORIES, DAMAGE_REPORT_LIMITS, type DamageCategory } from '../rules/damage-reports';

// The constants live zod-free in rules/damage-reports.ts (the guest page reads them); the names stay here.
export {
  BLOCKING_DAMAGE_CATEGORIES,
  DAMAGE_BLOCK_MAX_DAYS,
  DAMAGE_CATEGORIES,
  DAMAGE_PHOTO_FIELD,
  DAMAGE_REPORT_LIMITS,
  damageBlocksCart,
} from '../rules/damage-reports';
export type { DamageCategory } from '../rules/damage-reports';

/** What a guest can report about a cart (issue 23). */
export const damageCategory = z.enum(DAMAGE_CATEGORIES) satisfies z.ZodType<DamageCategory>;

export const DAMAGE_REPORT_STATUSES = ['open', 'resolved'] as const;
export const damageReportStatus = z.enum(DAMAGE_REPORT_STATUSES);
export type DamageReportStatus = z.infer<typeof damageReportStatus>;

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

/**
 * What the guest's phone gets back: enough to say thank you and whether the cart was taken out of use, and
 * nothing staff see (the photo's address, who resolved it).
 */
export const damageReportReceipt = z.object({
  _id: id,
  category: damageCategory,
  /** the report opened (or joined) a maintenance block: the cart must not be used */
  cartBlocked: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type DamageReportReceipt = z.infer<typeof damageReportReceipt>;

/** How many of a cart's reports the staff list shows (open ones first, then the newest resolved). */
export const DAMAGE_REPORT_LIST_LIMIT = 50;
