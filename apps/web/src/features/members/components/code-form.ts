import {
  availableCodeTypes,
  codeOnTypeChange,
  defaultCodeType,
  deriveAllDevices,
  expiryBounds,
  randomCode,
  rfidTag,
  sixDigitCode,
  toWholeMinute,
  type CodeCreateBody,
  type CodePatchBody,
  type CodeType,
  type CodeView,
  type MemberView,
} from '@fairway/domain';

/**
 * The Code dialog's values and rules (spec §4 Codes, §5 Code) as plain functions, so the dialog only
 * renders them. The rules themselves come from the domain; this file decides what the form holds and
 * what it sends.
 */
export interface CodeFormValues {
  type: CodeType;
  code: string;
  /** Car numbers picked; ignored (and sent empty) while allDevices. */
  devices: string[];
  allDevices: boolean;
  enabled: boolean;
  master: boolean;
  /** null = never expires */
  expires: Date | null;
  sendEmail: boolean;
}

/** What the dialog is about: the member, the code being edited (null = new) and the kind of site. */
export interface CodeFormContext {
  member: MemberView;
  code: CodeView | null;
  keypad: boolean;
}

/** The types the type select offers: those the member lacks, plus the edited code's own. */
export const codeTypeChoices = ({ member, code, keypad }: CodeFormContext): CodeType[] =>
  availableCodeTypes(keypad, member.codes, code?.type);

/**
 * The starting values: the edited code as it is, or a new code of the first type the member lacks, with a
 * random code (none for RFID, which is read from the tag), all carts, enabled, and an email when the
 * member has an address. Null when the member already has every type the site offers.
 */
export function initialCodeForm(
  { member, code, keypad }: CodeFormContext,
  random: () => number = Math.random,
): CodeFormValues | null {
  if (code) {
    return {
      type: code.type,
      code: code.code,
      devices: [...code.devices],
      allDevices: code.allDevices,
      enabled: code.enabled,
      master: code.master,
      expires: code.expires === null ? null : new Date(code.expires),
      // The code was emailed when it was made; the 'Send email' button sends it again on purpose.
      sendEmail: false,
    };
  }
  const type = defaultCodeType(keypad, member.codes);
  if (type === null) return null;
  return {
    type,
    code: type === 'rfid' ? '' : randomCode(random),
    devices: [],
    allDevices: true,
    enabled: true,
    master: false,
    expires: null,
    sendEmail: member.email.trim() !== '',
  };
}

export type CodeFormAction =
  | { type: 'type'; value: CodeType; existing: CodeView | null; random?: () => number }
  | { type: 'code'; value: string }
  | { type: 'regenerate'; random?: () => number }
  | { type: 'devices'; picked: string[]; allCarNumbers: readonly string[] }
  | { type: 'allDevices'; on: boolean }
  | { type: 'expiresOn'; on: boolean; now: Date }
  | { type: 'set'; values: Partial<Pick<CodeFormValues, 'enabled' | 'master' | 'expires' | 'sendEmail'>> };

export function codeFormReducer(values: CodeFormValues, action: CodeFormAction): CodeFormValues {
  switch (action.type) {
    case 'type':
      return {
        ...values,
        type: action.value,
        code: codeOnTypeChange(action.value, values, action.existing, action.random),
      };
    case 'code':
      return { ...values, code: action.value };
    case 'regenerate':
      return { ...values, code: randomCode(action.random) };
    case 'devices': {
      // Picking every cart is the same as All Carts (spec §4: allDevices is derived).
      const allDevices = deriveAllDevices(action.picked, action.allCarNumbers);
      return { ...values, allDevices, devices: allDevices ? [] : action.picked };
    }
    case 'allDevices':
      return { ...values, allDevices: action.on, devices: [] };
    case 'expiresOn':
      return { ...values, expires: action.on ? expiryBounds(action.now).suggested : null };
    case 'set':
      return { ...values, ...action.values };
  }
}

export type CodeFieldError = 'required' | 'numbersOnly' | 'sixDigits' | 'tagTooLong';

/** Why the code (or RFID tag) cannot be saved, by the domain's rules for its type. */
export function codeFieldError(type: CodeType, code: string): CodeFieldError | null {
  if (code.trim() === '') return 'required';
  const parsed = (type === 'rfid' ? rfidTag : sixDigitCode).safeParse(code);
  if (parsed.success) return null;
  if (parsed.error.issues[0]?.code === 'invalid_format') return 'numbersOnly';
  return type === 'rfid' ? 'tagTooLong' : 'sixDigits';
}

/** 'Item is required': a code opens all carts or at least one picked cart. */
export const cartsMissing = (values: CodeFormValues): boolean =>
  !values.allDevices && values.devices.length === 0;

const expiryIso = (expires: Date | null): string | null =>
  expires === null ? null : toWholeMinute(expires).toISOString();

/** Two stored expiries are the same instant (the server may write the offset differently). */
const sameExpiry = (a: string | null, b: string | null): boolean =>
  a === null || b === null ? a === b : Date.parse(a) === Date.parse(b);

/** An expiry the operator set must lie ahead; an unchanged one on an edited code may already have passed. */
export function expiryInPast(values: CodeFormValues, code: CodeView | null, now: Date): boolean {
  if (values.expires === null) return false;
  const expires = toWholeMinute(values.expires);
  if (code && sameExpiry(code.expires, expires.toISOString())) return false;
  return expires.getTime() < expiryBounds(now).earliest.getTime();
}

/** Master codes and expiries are for sites without a keypad (spec §2 Code dialog). */
const siteFields = (values: CodeFormValues, keypad: boolean) => ({
  master: keypad ? false : values.master,
  expires: keypad ? null : expiryIso(values.expires),
});

export function codeCreateBody(member: MemberView, values: CodeFormValues, keypad: boolean): CodeCreateBody {
  return {
    driver: member._id,
    type: values.type,
    code: values.code.trim(),
    devices: values.allDevices ? [] : values.devices,
    allDevices: values.allDevices,
    enabled: values.enabled,
    sendEmail: values.sendEmail,
    ...siteFields(values, keypad),
  };
}

const sameCarts = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

/**
 * Only what changed, so an edit never re-sends (and the server never re-checks) what the operator left
 * alone, such as an expiry that has since passed. Type and code travel together: the code's rules depend
 * on its type.
 */
export function codePatchBody(code: CodeView, values: CodeFormValues, keypad: boolean): CodePatchBody {
  const body: CodePatchBody = {};
  const value = values.code.trim();
  if (values.type !== code.type || value !== code.code)
    Object.assign(body, { type: values.type, code: value });
  const devices = values.allDevices ? [] : values.devices;
  if (values.allDevices !== code.allDevices || !sameCarts(devices, code.devices))
    Object.assign(body, { allDevices: values.allDevices, devices });
  if (values.enabled !== code.enabled) body.enabled = values.enabled;
  const { master, expires } = siteFields(values, keypad);
  if (master !== code.master) body.master = master;
  if (!sameExpiry(expires, code.expires)) body.expires = expires;
  if (values.sendEmail) body.sendEmail = true;
  return body;
}
