import {
  adminSiteFields,
  latLongString,
  REVENUE_SHARE_METHODS,
  toMinorUnits,
  formatMajor,
  type SiteView,
} from '@fairway/domain';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';
import { zodFormResolver } from '../../../../lib/form-validation';
import { i18n } from '../../../../lib/i18n';
import type { AdminSiteChanges } from '../api/update-admin-site';

/**
 * The site forms of the Site Manager (spec §5 Site): name, country and centre required; the centre as
 * 'lat, long' (normalised to 6 decimals by the domain); time zone required; revenue share method required
 * ('Item is required'). The same domain fields the server validates, with the messages in the user's language.
 */

const latLong = z
  .string()
  .trim()
  .min(1)
  .refine((value) => latLongString.safeParse(value).success, {
    message: "Input must be in 'lat, long' format",
    params: { i18nKey: 'adminSites.validation.latLong' },
  })
  .transform((value) => latLongString.parse(value));

const revenueShareMethod = z.enum(REVENUE_SHARE_METHODS);

const generalShape = {
  name: adminSiteFields.shape.name,
  country: adminSiteFields.shape.country,
  currency: z.string().min(1).pipe(adminSiteFields.shape.currency),
  centerLatLong: latLong,
  timezone: adminSiteFields.shape.timezone,
};

export const newSiteForm = z.object({ ...generalShape, revenueShareMethod });
export type NewSiteFormValues = {
  name: string;
  country: string;
  currency: string;
  centerLatLong: string;
  timezone: string;
  revenueShareMethod: string;
};
export type NewSiteFormOutput = z.output<typeof newSiteForm>;

export const generalForm = z.object(generalShape);
export type GeneralFormValues = Omit<NewSiteFormValues, 'revenueShareMethod'>;
export type GeneralFormOutput = z.output<typeof generalForm>;

/** Spec §5 says 'Item is required' for a choice left empty, 'This field is required' for typed fields. */
function withChoiceMessage<V extends Record<string, unknown>, O extends Record<string, unknown>>(
  resolver: Resolver<V, unknown, O>,
  choices: readonly string[],
): Resolver<V, unknown, O> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const errors = result.errors as Record<string, { message?: string } | undefined>;
    for (const name of choices) {
      const error = errors[name];
      if (error && (values[name] === '' || values[name] === undefined))
        error.message = i18n.t('adminSites.validation.itemRequired');
    }
    return result;
  };
}

export const newSiteResolver = withChoiceMessage(
  zodFormResolver<NewSiteFormValues, NewSiteFormOutput>(
    newSiteForm as unknown as z.ZodType<NewSiteFormOutput, NewSiteFormValues>,
  ),
  ['revenueShareMethod'],
);
export const generalResolver = zodFormResolver<GeneralFormValues, GeneralFormOutput>(
  generalForm as unknown as z.ZodType<GeneralFormOutput, GeneralFormValues>,
);

export const emptyNewSite = (centerLatLong = ''): NewSiteFormValues => ({
  name: '',
  country: '',
  currency: 'EUR',
  centerLatLong,
  timezone: '',
  revenueShareMethod: '',
});

export const generalValuesOf = (site: SiteView): GeneralFormValues => ({
  name: site.name,
  country: site.country,
  currency: site.currency,
  centerLatLong: site.centerLatLong,
  timezone: site.timezone,
});

/** A map click as the form's 'lat, long' text (6 decimals, as the server keeps it). */
export const latLongText = (lat: number, lng: number): string => `${lat.toFixed(6)}, ${lng.toFixed(6)}`;

/** 'lat, long' as a map position, or null when the text is no position. */
export function parseCenter(text: string): [number, number] | null {
  const [lat, lng] = text.split(',').map((part) => Number(part.trim()));
  if (lat === undefined || lng === undefined || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return [lat, lng];
}

/** Only the fields that differ from the site: a PATCH that names nothing else. */
export function changedFields<T extends Record<string, unknown>>(site: SiteView, values: T): Partial<T> {
  const current = site as unknown as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(values).filter(([key, value]) => current[key] !== value),
  ) as Partial<T>;
}

// ---------------------------------------------------------------------------------------------------------
// Configuration: modules, ride keeping and the platform's share of payments (the admin fields of
// adminSiteFields that the General section leaves out).

export const MODULE_KEYS = ['scanToRideToggle', 'keyless', 'keypadEnabled', 'bookingIntegration'] as const;
export type ModuleKey = (typeof MODULE_KEYS)[number];

export interface ConfigFormValues {
  keyless: boolean;
  keypadEnabled: boolean;
  membersModule: boolean;
  scanToRideToggle: boolean;
  bookingIntegration: boolean;
  trailPoints: string;
  minRideDuration: string;
  revenueShareMethod: (typeof REVENUE_SHARE_METHODS)[number];
  revenueSharePercentage: string;
  /** major units of the site's currency, as typed */
  revenueShareFixedFee: string;
  unlockFee: string;
}

export const configValuesOf = (site: SiteView): ConfigFormValues => ({
  keyless: site.keyless,
  keypadEnabled: site.keypadEnabled,
  membersModule: site.membersModule,
  scanToRideToggle: site.scanToRideToggle,
  bookingIntegration: site.bookingIntegration,
  trailPoints: String(site.trailPoints),
  minRideDuration: String(site.minRideDuration),
  revenueShareMethod: site.stripeConfig.revenueShareMethod,
  revenueSharePercentage: String(site.stripeConfig.percentage),
  revenueShareFixedFee: formatMajor(site.stripeConfig.fixedFee, site.currency),
  unlockFee: formatMajor(site.stripeConfig.unlockFee, site.currency),
});

const WHOLE = /^\d+$/;
const PERCENT = /^\d{1,3}([.,]\d{1,2})?$/;

type ConfigErrors = Partial<Record<keyof ConfigFormValues, string>>;

/** The configuration as a PATCH body (only what changed), or the fields to correct. */
export function configChanges(
  site: SiteView,
  values: ConfigFormValues,
): { changes: AdminSiteChanges; errors: ConfigErrors } {
  const errors: ConfigErrors = {};
  const whole = (key: 'trailPoints' | 'minRideDuration', max: number) => {
    const text = values[key].trim();
    if (!WHOLE.test(text) || Number(text) > max) {
      errors[key] = i18n.t('adminSites.validation.wholeNumber', { max });
      return undefined;
    }
    return Number(text);
  };
  const money = (key: 'revenueShareFixedFee' | 'unlockFee') => {
    const minor = toMinorUnits(values[key], site.currency);
    if (minor === null) {
      errors[key] = i18n.t('adminSites.validation.amount');
      return undefined;
    }
    return minor;
  };
  const percentText = values.revenueSharePercentage.trim();
  const percentage = PERCENT.test(percentText) ? Number(percentText.replace(',', '.')) : NaN;
  if (!(percentage >= 0 && percentage <= 100))
    errors.revenueSharePercentage = i18n.t('adminSites.validation.percent');

  const next = {
    keyless: values.keyless,
    keypadEnabled: values.keypadEnabled,
    membersModule: values.membersModule,
    scanToRideToggle: values.scanToRideToggle,
    bookingIntegration: values.bookingIntegration,
    trailPoints: whole('trailPoints', 10_000),
    minRideDuration: whole('minRideDuration', 600),
    revenueShareMethod: values.revenueShareMethod,
    revenueSharePercentage: percentage,
    revenueShareFixedFee: money('revenueShareFixedFee'),
    unlockFee: money('unlockFee'),
  };
  if (Object.keys(errors).length > 0) return { changes: {}, errors };
  const current = {
    ...site,
    revenueShareMethod: site.stripeConfig.revenueShareMethod,
    revenueSharePercentage: site.stripeConfig.percentage,
    revenueShareFixedFee: site.stripeConfig.fixedFee,
    unlockFee: site.stripeConfig.unlockFee,
  };
  return { changes: changedFields(current, next) as AdminSiteChanges, errors };
}
