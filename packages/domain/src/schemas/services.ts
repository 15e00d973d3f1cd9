import { z } from 'zod';
import { overlappingPrices, PRICE_OVERLAP_MESSAGE } from '../rules/price-rules';
import { hhmm, id, isOnTimeStep, TIME_STEP_MINUTES, windowEnd } from './common';
import { safeText } from './text';

/**
 * Services and their prices: spec §2 Settings (services card, service dialog), §3 Service / Price, §5 service,
 * price and schedule rows, §7 /services. Amounts are minor units of the site's currency; the per-currency
 * minimum needs the site, so the server checks it (with `priceAmountIssue`) rather than this schema.
 */

export const SERVICE_LIMITS = {
  nameMax: 60,
  /** minutes; spec §9: at least 30 in the settings form */
  durationMin: 30,
  durationMax: 24 * 60,
  pricesMax: 50,
  priceNameMax: 60,
  descriptionMax: 500,
  /** minor units; far above any round of golf, and inside PostgreSQL's integer */
  amountMax: 100_000_000,
  creditsMax: 1_000_000,
  /** spec §9: time pickers step 5 minutes */
  timeStepMinutes: TIME_STEP_MINUTES,
} as const;

/** Spec §5 defaults of the service dialog: duration 06:00, a new schedule row 06:00–19:00. */
export const DEFAULT_SERVICE_DURATION = 6 * 60;
export const DEFAULT_AVAILABLE_TIME = { start: '06:00', end: '19:00' } as const;

const requiredText = (max: number) =>
  safeText()
    .trim()
    .min(1, { message: 'This field is required' })
    .max(max, { message: `At most ${max} characters` });

export const availableTime = z
  .object({
    day: z
      .number()
      .int()
      .min(0, { message: 'Day must be 0 (Sunday) to 6' })
      .max(6, { message: 'Day must be 0 (Sunday) to 6' }),
    start: hhmm,
    end: windowEnd,
  })
  .superRefine((window, ctx) => {
    for (const key of ['start', 'end'] as const)
      if (!isOnTimeStep(window[key]))
        ctx.addIssue({ code: 'custom', path: [key], message: 'Times must be in 5-minute steps' });
    if (window.start >= window.end)
      ctx.addIssue({ code: 'custom', path: ['end'], message: 'Start must be before end' });
  });
export type AvailableTime = z.infer<typeof availableTime>;

/** Empty = every day, all day. One row per weekday at most (spec §5). */
export const availableTimes = z.array(availableTime).superRefine((rows, ctx) => {
  const seen = new Set<number>();
  rows.forEach((row, i) => {
    if (seen.has(row.day))
      ctx.addIssue({ code: 'custom', path: [i, 'day'], message: 'Each day can only be used once' });
    seen.add(row.day);
  });
});

export const priceBody = z.object({
  /**
   * Only in a PATCH, naming a price of this service to keep and update. The web app's 'temp-' ids of unsaved
   * prices are refused, as is any id that is not one of the service's prices.
   */
  _id: z.uuid({ message: 'Unknown price' }).optional(),
  name: requiredText(SERVICE_LIMITS.priceNameMax),
  amount: z
    .number({ message: 'Enter a number' })
    .int({ message: 'Amount must be whole minor units' })
    .min(0, { message: 'Amount cannot be negative' })
    .max(SERVICE_LIMITS.amountMax, { message: 'Amount is too large' }),
  credits: z
    .number({ message: 'Enter a number' })
    .int({ message: 'Whole numbers only' })
    .min(0, { message: 'Credits cannot be negative' })
    .max(SERVICE_LIMITS.creditsMax)
    .nullish()
    .transform((value) => value ?? null),
  description: safeText({ multiline: true })
    .trim()
    .max(SERVICE_LIMITS.descriptionMax, { message: `At most ${SERVICE_LIMITS.descriptionMax} characters` })
    .nullish()
    .transform((value) => value ?? ''),
  /** null = the built-in guest group */
  userGroup: id.nullable(),
  availableTimes: availableTimes.default([]),
});
export type PriceBody = z.input<typeof priceBody>;

/** A service's whole price list: at most 50, each listed once, no two of a group overlapping in time. */
const servicePrices = z
  .array(priceBody)
  .max(SERVICE_LIMITS.pricesMax, { message: `At most ${SERVICE_LIMITS.pricesMax} prices` })
  .superRefine((prices, ctx) => {
    const ids = prices.flatMap((price) => (price._id ? [price._id] : []));
    if (new Set(ids).size !== ids.length)
      ctx.addIssue({ code: 'custom', message: 'A price is listed twice' });
    const overlap = overlappingPrices(prices);
    if (overlap) ctx.addIssue({ code: 'custom', path: [overlap[1]], message: PRICE_OVERLAP_MESSAGE });
  });

const serviceName = requiredText(SERVICE_LIMITS.nameMax);
const duration = z
  .number({ message: 'Enter a number' })
  .int({ message: 'Duration must be whole minutes' })
  .min(SERVICE_LIMITS.durationMin, { message: 'Duration must be at least 30 minutes' })
  .max(SERVICE_LIMITS.durationMax, { message: 'Duration must be at most 24 hours' });

export const serviceBody = z.object({ name: serviceName, duration, prices: servicePrices.default([]) });
export type ServiceBody = z.input<typeof serviceBody>;

/**
 * Written out rather than `serviceBody.partial()`: zod applies a default even to an optional key, and an
 * absent `prices` must leave the prices alone, not replace them with none.
 */
export const servicePatchBody = z
  .object({ name: serviceName, duration, prices: servicePrices })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: 'Nothing to update' });
export type ServicePatchBody = z.input<typeof servicePatchBody>;

export const priceView = z.object({
  _id: id,
  name: z.string(),
  amount: z.number().int(),
  credits: z.number().int().nullable(),
  description: z.string(),
  userGroup: id.nullable(),
  /** null for the guest price */
  userGroupName: z.string().nullable(),
  availableTimes: z.array(z.object({ day: z.number().int(), start: z.string(), end: z.string() })),
});
export type PriceView = z.infer<typeof priceView>;

export const serviceView = z.object({
  _id: id,
  name: z.string(),
  /** minutes */
  duration: z.number().int(),
  site: id,
  /** the site's currency, which every amount is in */
  currency: z.string(),
  prices: z.array(priceView),
});
export type ServiceView = z.infer<typeof serviceView>;
