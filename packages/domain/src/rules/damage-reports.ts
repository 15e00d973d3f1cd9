/**
 * Guests' problem reports about a cart (issue 23), without zod: the guest page imports these values through
 * the `@fairway/domain/rules/damage-reports` sub-path, so its report form knows the categories and limits the
 * server holds it to without loading the schemas.
 */
export const DAMAGE_CATEGORIES = ['flat_tyre', 'battery', 'damage', 'dirty', 'other'] as const;
export type DamageCategory = (typeof DAMAGE_CATEGORIES)[number];

/** Categories after which the cart must not be used: the report opens a maintenance block. */
export const BLOCKING_DAMAGE_CATEGORIES: readonly DamageCategory[] = ['flat_tyre', 'battery', 'damage'];
export const damageBlocksCart = (category: DamageCategory): boolean =>
  BLOCKING_DAMAGE_CATEGORIES.includes(category);

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

/** The multipart field of the optional photo (the text fields are `category` and `description`). */
export const DAMAGE_PHOTO_FIELD = 'photo';

/** The longest a maintenance block opened by a report lasts, unless the cart's next booking comes first. */
export const DAMAGE_BLOCK_MAX_DAYS = 30;
