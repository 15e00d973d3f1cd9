import type { FieldError, FieldErrors, FieldValues, Path, Resolver, UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { i18n, type TranslationKey } from './i18n';

/**
 * Forms validate with the domain's zod schemas (the same rules the server applies) but speak the
 * interface language: the message is derived from the kind of issue (required, too short, not an
 * email ...), not from the English text the domain attaches for API errors.
 */
export function translateIssue(issue: z.core.$ZodIssue, value: unknown): string {
  if (value === '' || value === undefined || value === null) return i18n.t('validation.required');
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'string') {
        const minimum = Number(issue.minimum);
        return minimum <= 1
          ? i18n.t('validation.required')
          : i18n.t('validation.minLength', { min: minimum });
      }
      break;
    case 'too_big':
      if (issue.origin === 'string') return i18n.t('validation.maxLength', { max: Number(issue.maximum) });
      break;
    case 'invalid_format':
      if (issue.format === 'email') return i18n.t('validation.email');
      break;
    case 'custom': {
      const key: unknown = issue.params?.i18nKey;
      if (typeof key === 'string' && i18n.exists(key)) return i18n.t(key as TranslationKey);
      break;
    }
  }
  return issue.message;
}

function valueAt(values: unknown, path: readonly PropertyKey[]): unknown {
  let current = values;
  for (const segment of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<PropertyKey, unknown>)[segment];
  }
  return current;
}

/** A react-hook-form resolver for a zod schema, with translated messages (first issue per field). */
export function zodFormResolver<Input extends FieldValues, Output extends FieldValues>(
  schema: z.ZodType<Output, Input>,
): Resolver<Input, unknown, Output> {
  return async (values) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data, errors: {} };

    const errors: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const name = issue.path.join('.');
      if (errors[name]) continue;
      errors[name] = { type: issue.code, message: translateIssue(issue, valueAt(values, issue.path)) };
    }
    return { values: {}, errors: nestErrors(errors) as FieldErrors<Input> };
  };
}

/** react-hook-form expects nested error objects for dotted paths ('a.b' → { a: { b } }). */
function nestErrors(flat: Record<string, FieldError>): Record<string, unknown> {
  const nested: Record<string, unknown> = {};
  for (const [path, error] of Object.entries(flat)) {
    const segments = path === '' ? ['root'] : path.split('.');
    let target = nested;
    segments.forEach((segment, index) => {
      if (index === segments.length - 1) target[segment] = error;
      else target = (target[segment] ??= {}) as Record<string, unknown>;
    });
  }
  return nested;
}

/**
 * "Passwords must match" for forms that ask for a confirmation (spec §5), as `.refine(...passwordsMatch)`.
 * A form concern only: the API receives one password.
 */
export const passwordsMatch: [
  (form: { password: string; confirmPassword: string }) => boolean,
  { path: string[]; message: string; params: { i18nKey: string } },
] = [
  (form) => form.confirmPassword === form.password,
  {
    path: ['confirmPassword'],
    message: 'Passwords must match',
    params: { i18nKey: 'validation.passwordsMustMatch' },
  },
];

export function withPasswordConfirmation(password: z.ZodType<string, string>) {
  return z.object({ password, confirmPassword: z.string() }).refine(...passwordsMatch);
}

/**
 * Props that connect an MUI TextField to react-hook-form: the ref goes to the real <input> (so focus on
 * error works) and the field's translated error shows as helper text.
 */
export function textFieldProps<T extends FieldValues>(form: UseFormReturn<T>, name: Path<T>) {
  const { ref, ...field } = form.register(name);
  const { error } = form.getFieldState(name, form.formState);
  return { ...field, inputRef: ref, error: error !== undefined, helperText: error?.message };
}
