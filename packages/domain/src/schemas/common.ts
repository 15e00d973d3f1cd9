import { z } from 'zod';

export const id = z.uuid();
export const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Please enter a valid email address' }));

/** 'lat, long' with optional minus and decimals, normalised to 6 decimals (spec §5). */
export const latLongString = z
  .string()
  .trim()
  .regex(/^-?\d{1,2}(\.\d+)?\s*,\s*-?\d{1,3}(\.\d+)?$/, { message: "Input must be in 'lat, long' format" })
  .transform((value) => {
    const [lat, lng] = value.split(',').map((part) => Number(part.trim()));
    return `${lat!.toFixed(6)}, ${lng!.toFixed(6)}`;
  });

export const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'Time must be HH:mm' });

/** The end of a window may be the end of the day, which 'HH:mm' cannot otherwise say. */
export const END_OF_DAY = '24:00';
export const windowEnd = z
  .string()
  .regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, { message: 'Time must be HH:mm' });

/** Spec §9: time pickers step 5 minutes. */
export const TIME_STEP_MINUTES = 5;
export const minutesOfDay = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
export const isOnTimeStep = (time: string): boolean => minutesOfDay(time) % TIME_STEP_MINUTES === 0;

/** Every error answer: an English message, and for refusals the web app translates, a stable reason code. */
export const errorBody = z.object({ message: z.string(), code: z.string().optional() });
/** A 429: `retryAfter` seconds (also in the Retry-After header), so a page can count down in its language. */
export const rateLimitedBody = errorBody.extend({
  code: z.literal('rateLimited'),
  retryAfter: z.number().int().min(1),
});
export type RateLimitedBody = z.infer<typeof rateLimitedBody>;
