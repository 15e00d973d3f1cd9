import { z } from 'zod';

/**
 * One rule for all text a person or a client sends (issue 15 item 8). PostgreSQL cannot store NUL in text
 * (the query fails, which answered 500), a lone UTF-16 surrogate is not a character at all (it cannot be
 * encoded as UTF-8), and other control characters are invisible in every view that shows the text later.
 * Multi-line fields keep tab and line breaks; single-line fields allow no control character. Text is
 * normalised to NFC, so 'é' typed as one or two code points is the same name in a search or a uniqueness
 * check.
 */

export const UNSAFE_TEXT_MESSAGE = 'Contains characters that are not allowed';
/** The web app's translation key for the message (custom issues carry it in `params.i18nKey`). */
export const UNSAFE_TEXT_I18N_KEY = 'validation.unsafeText';

// C0 controls, DEL and C1 controls; multi-line text keeps tab, line feed and carriage return.
// Matching control characters is the point of these two expressions.
/* eslint-disable no-control-regex */
const SINGLE_LINE_CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const MULTI_LINE_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/* eslint-enable no-control-regex */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when `value` breaks the text rule (for single-line text unless `multiline`). */
export function hasUnsafeCharacters(value: string, multiline = false): boolean {
  return (multiline ? MULTI_LINE_CONTROL : SINGLE_LINE_CONTROL).test(value) || LONE_SURROGATE.test(value);
}

export interface SafeTextOptions {
  /** Allows tab and line breaks (descriptions, notes, terms). */
  multiline?: boolean;
}

/**
 * A string that follows the text rule, normalised to NFC. Chain `.trim()`, `.min()`, `.max()`, `.regex()`
 * as on `z.string()`: the result is still a ZodString.
 */
export function safeText(options: SafeTextOptions = {}) {
  const multiline = options.multiline ?? false;
  return z
    .string()
    .refine((value) => !hasUnsafeCharacters(value, multiline), {
      message: UNSAFE_TEXT_MESSAGE,
      params: { i18nKey: UNSAFE_TEXT_I18N_KEY },
      abort: true,
    })
    .normalize('NFC');
}
