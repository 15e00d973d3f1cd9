import {
  currencyMinorUnits,
  DEFAULT_SERVICE_DURATION,
  GUEST_USER_GROUP,
  isOnTimeStep,
  overlappingPrices,
  priceAmountIssue,
  SERVICE_LIMITS,
  serviceBody,
  toMinorUnits,
  type PriceBody,
  type ServiceView,
} from '@fairway/domain';
import { amountText, minimumText, type DecimalSeparator } from './amount';
import type { TimeRowValues } from './available-times';
import { durationProblem, formatDuration, parseDuration } from './duration';

/**
 * The service dialog's form (spec §2 service dialog, §4, §5). Fields hold what the operator typed (text);
 * `checkServiceForm` turns them into the API body or into the problems to show, with the domain's rules
 * and, last, the domain's own `serviceBody` schema, so the dialog never sends what the server refuses.
 */

export interface PriceFormValues {
  /** The saved price's id, or 'temp-<n>' for a price added in this dialog; temp ids are never sent. */
  _id: string;
  name: string;
  /** Spec §4: a new price's name is its user group's until the operator types one of their own. */
  nameFollowsGroup: boolean;
  /** Major units as typed, comma or dot decimals. */
  amount: string;
  /** Whole credits, '' = none. */
  credits: string;
  /** A group id, or 'guest' for the built-in group (null on the server). */
  userGroup: string;
  description: string;
  /** No rows = every day, all day. */
  availableTimes: TimeRowValues[];
}

export interface ServiceFormValues {
  name: string;
  /** 'HH:mm' */
  duration: string;
  prices: PriceFormValues[];
}

/** What POST and PATCH take: the PATCH always sends the whole price list, which replaces the saved one. */
export interface ServiceSaveBody {
  name: string;
  duration: number;
  prices: PriceBody[];
}

export interface GroupName {
  _id: string;
  name: string;
}

export const TEMP_ID_PREFIX = 'temp-';

/** 'temp-<n>', one above the highest temp id in use, for a price the dialog adds. */
export function nextTempId(prices: readonly Pick<PriceFormValues, '_id'>[]): string {
  const numbers = prices
    .filter((price) => price._id.startsWith(TEMP_ID_PREFIX))
    .map((price) => Number(price._id.slice(TEMP_ID_PREFIX.length)))
    .filter(Number.isSafeInteger);
  return `${TEMP_ID_PREFIX}${Math.max(0, ...numbers) + 1}`;
}

/** The id to send: a saved price keeps its `_id`, a temp id is dropped (the server refuses it). */
export const savedPriceId = (id: string): string | undefined =>
  id.startsWith(TEMP_ID_PREFIX) ? undefined : id;

/** A price's name by default: its user group's name, `guestName` for the built-in guest group. */
export function defaultPriceName(userGroup: string, groups: readonly GroupName[], guestName: string): string {
  if (userGroup === GUEST_USER_GROUP) return guestName;
  return groups.find((group) => group._id === userGroup)?.name ?? '';
}

/**
 * The group a new price is for: the first of guest and the site's groups that has no price yet, so adding
 * prices one after another gives each group one rather than two clashing daily prices; guest when all have.
 */
export function groupForNewPrice(
  prices: readonly Pick<PriceFormValues, 'userGroup'>[],
  groups: readonly GroupName[],
): string {
  const priced = new Set(prices.map((price) => price.userGroup));
  const candidates = [GUEST_USER_GROUP, ...groups.map((group) => group._id)];
  return candidates.find((group) => !priced.has(group)) ?? GUEST_USER_GROUP;
}

export function newPriceValues(
  prices: readonly PriceFormValues[],
  groups: readonly GroupName[],
  guestName: string,
): PriceFormValues {
  const userGroup = groupForNewPrice(prices, groups);
  return {
    _id: nextTempId(prices),
    name: defaultPriceName(userGroup, groups, guestName),
    nameFollowsGroup: true,
    amount: '',
    credits: '',
    userGroup,
    description: '',
    availableTimes: [],
  };
}

/** The form of a saved service, or of a new one (duration 06:00, no prices; spec §5). */
export function serviceFormValues(
  service: ServiceView | null,
  currency: string,
  separator: DecimalSeparator,
  guestName: string,
): ServiceFormValues {
  if (!service) return { name: '', duration: formatDuration(DEFAULT_SERVICE_DURATION), prices: [] };
  return {
    name: service.name,
    duration: formatDuration(service.duration),
    prices: service.prices.map((price) => ({
      _id: price._id,
      name: price.name,
      // A saved price still named after its group keeps following it, as a new one would.
      nameFollowsGroup: price.name === (price.userGroup === null ? guestName : price.userGroupName),
      amount: amountText(price.amount, currency, separator),
      credits: price.credits === null ? '' : String(price.credits),
      userGroup: price.userGroup ?? GUEST_USER_GROUP,
      description: price.description,
      availableTimes: price.availableTimes.map((row) => ({ ...row })),
    })),
  };
}

export type ServiceIssueKey =
  | 'required'
  | 'tooLong'
  | 'durationFormat'
  | 'durationMin'
  | 'durationMax'
  | 'amountFormat'
  | 'amountWhole'
  | 'amountTooLarge'
  | 'belowMinimum'
  | 'credits'
  | 'timeStep'
  | 'startBeforeEnd'
  | 'dayTwice'
  | 'overlap'
  | 'tooManyPrices'
  | 'invalid';

/** A problem at a form path ('name', 'prices.0.amount', 'prices.1' for the whole price), for a message. */
export interface ServiceIssue {
  path: string;
  key: ServiceIssueKey;
  values?: Record<string, string | number>;
}

export type ServiceFormCheck = { body: ServiceSaveBody; issues: [] } | { body: null; issues: ServiceIssue[] };

/** The problems a required, trimmed text of at most `max` characters has. */
function textIssue(path: string, text: string, max: number, required: boolean): ServiceIssue | null {
  const trimmed = text.trim();
  if (required && trimmed === '') return { path, key: 'required' };
  if (trimmed.length > max) return { path, key: 'tooLong', values: { max } };
  return null;
}

function amountIssue(
  path: string,
  text: string,
  currency: string,
  separator: DecimalSeparator,
): ServiceIssue | null {
  if (text.trim() === '') return { path, key: 'required' };
  const minor = toMinorUnits(text, currency);
  if (minor === null) {
    const decimals = currencyMinorUnits(currency);
    return decimals === 0
      ? { path, key: 'amountWhole' }
      : { path, key: 'amountFormat', values: { decimals } };
  }
  if (minor > SERVICE_LIMITS.amountMax) return { path, key: 'amountTooLarge' };
  // The domain's rule decides; the message is the dialog's own, in the interface language.
  if (priceAmountIssue(minor, currency) !== null)
    return { path, key: 'belowMinimum', values: { minimum: minimumText(currency, separator), currency } };
  return null;
}

const WHOLE = /^\d+$/;

function creditsIssue(path: string, text: string): ServiceIssue | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!WHOLE.test(trimmed) || Number(trimmed) > SERVICE_LIMITS.creditsMax) return { path, key: 'credits' };
  return null;
}

function timeRowIssues(path: string, rows: readonly TimeRowValues[]): ServiceIssue[] {
  const issues: ServiceIssue[] = [];
  const seen = new Set<number>();
  rows.forEach((row, index) => {
    const at = `${path}.${index}`;
    if (seen.has(row.day)) issues.push({ path: `${at}.day`, key: 'dayTwice' });
    seen.add(row.day);
    for (const key of ['start', 'end'] as const) {
      if (row[key] === '') issues.push({ path: `${at}.${key}`, key: 'required' });
      else if (!isOnTimeStep(row[key])) issues.push({ path: `${at}.${key}`, key: 'timeStep' });
    }
    if (row.start !== '' && row.end !== '' && row.start >= row.end)
      issues.push({ path: `${at}.end`, key: 'startBeforeEnd' });
  });
  return issues;
}

const isCompleteRow = (row: TimeRowValues) => row.start !== '' && row.end !== '';

function priceBody(price: PriceFormValues, currency: string): PriceBody {
  const id = savedPriceId(price._id);
  const credits = price.credits.trim();
  return {
    ...(id === undefined ? {} : { _id: id }),
    name: price.name.trim(),
    amount: toMinorUnits(price.amount, currency) ?? Number.NaN,
    credits: credits === '' ? null : Number(credits),
    description: price.description.trim(),
    userGroup: price.userGroup === GUEST_USER_GROUP ? null : price.userGroup,
    availableTimes: price.availableTimes.map(({ day, start, end }) => ({ day, start, end })),
  };
}

/**
 * Every problem of the form, or the body to send when there is none. Field problems first (spec §5: name
 * required, duration 'HH:mm' ≥ 00:30, price name and amount required, amount 0 or at least the currency's
 * minimum, credits whole ≥ 0, schedule rows complete, each day once, 5-minute steps); then two prices of one
 * group that overlap; last the domain's `serviceBody`, whose word is the server's.
 */
export function checkServiceForm(
  values: ServiceFormValues,
  currency: string,
  separator: DecimalSeparator,
): ServiceFormCheck {
  const issues: ServiceIssue[] = [];
  const add = (issue: ServiceIssue | null) => issue && issues.push(issue);

  add(textIssue('name', values.name, SERVICE_LIMITS.nameMax, true));
  const duration = durationProblem(values.duration);
  if (duration) add({ path: 'duration', key: duration });
  if (values.prices.length > SERVICE_LIMITS.pricesMax)
    add({ path: 'prices', key: 'tooManyPrices', values: { max: SERVICE_LIMITS.pricesMax } });

  values.prices.forEach((price, index) => {
    const at = `prices.${index}`;
    add(textIssue(`${at}.name`, price.name, SERVICE_LIMITS.priceNameMax, true));
    add(amountIssue(`${at}.amount`, price.amount, currency, separator));
    add(creditsIssue(`${at}.credits`, price.credits));
    add(textIssue(`${at}.description`, price.description, SERVICE_LIMITS.descriptionMax, false));
    issues.push(...timeRowIssues(`${at}.availableTimes`, price.availableTimes));
  });

  const overlap = overlappingPrices(
    values.prices.map((price) => ({
      userGroup: price.userGroup,
      availableTimes: price.availableTimes.filter(isCompleteRow),
    })),
  );
  if (overlap) add({ path: `prices.${overlap[1]}`, key: 'overlap' });
  if (issues.length > 0) return { body: null, issues };

  const body: ServiceSaveBody = {
    name: values.name.trim(),
    duration: parseDuration(values.duration) ?? Number.NaN,
    prices: values.prices.map((price) => priceBody(price, currency)),
  };
  const domain = serviceBody.safeParse(body);
  if (domain.success) return { body, issues: [] };
  return {
    body: null,
    issues: domain.error.issues.map((issue) => ({
      path: issue.path.join('.'),
      key: 'invalid',
      values: { message: issue.message },
    })),
  };
}
