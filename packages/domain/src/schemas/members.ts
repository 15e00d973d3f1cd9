import { z } from 'zod';
import { email, id } from './common';
import { pagination } from './devices';
import { safeText } from './text';

/**
 * Members (drivers), their unlock codes and the site's user groups: spec §2 Virtual keys, §3 Member / Code /
 * User group, §4 Codes and Credits, §5, §7 /members, /codes, /sites/user-groups.
 */

export const MEMBER_LANGS = ['en', 'de', 'da', 'cs'] as const;
export const memberLang = z.enum(MEMBER_LANGS);
export type MemberLang = z.infer<typeof memberLang>;

export const CODE_TYPES = ['virtualKey', 'keypad', 'rfid'] as const;
export const codeType = z.enum(CODE_TYPES);
export type CodeType = z.infer<typeof codeType>;

/** Keypad and RFID codes only exist on keypad sites; other sites use virtual keys only (spec §4 Codes). */
export const codeTypesForSite = (keypadEnabled: boolean): readonly CodeType[] =>
  keypadEnabled ? CODE_TYPES : ['virtualKey'];

export const CODE_LENGTH = 6;
export const RANDOM_CODE_MIN = 100_000;
export const RANDOM_CODE_MAX = 999_999;
/** An RFID tag is a number (spec §5: converted to number, sent as text); 20 digits hold any 64-bit UID. */
export const RFID_TAG_MAX_DIGITS = 20;

export const sixDigitCode = z
  .string()
  .trim()
  .regex(/^\d+$/, { message: 'Numbers only' })
  .length(CODE_LENGTH, { message: 'Code must be 6 digits' });
export const rfidTag = z
  .string()
  .trim()
  .regex(/^\d+$/, { message: 'Numbers only' })
  .max(RFID_TAG_MAX_DIGITS, { message: 'Tag is too long' })
  // Spec §5: the tag is converted to a number, so leading zeros are not part of it.
  .transform((tag) => tag.replace(/^0+(?=\d)/, ''));

export const codeView = z.object({
  _id: id,
  type: codeType,
  code: z.string(),
  master: z.boolean(),
  /** Car numbers the code opens; empty when allDevices. */
  devices: z.array(z.string()),
  allDevices: z.boolean(),
  enabled: z.boolean(),
  /** ISO instant, whole minutes; null = never. */
  expires: z.string().nullable(),
  driver: id,
  /** When the code was last emailed to the member; null = never. */
  emailSent: z.string().nullable(),
});
export type CodeView = z.infer<typeof codeView>;

export const UNLIMITED_CREDITS = -1;
/** Credits are whole rides; a negative number means unlimited and is stored as -1 (spec §4 Credits). */
export const credits = z
  .number({ message: 'Enter a number' })
  .int({ message: 'Whole numbers only' })
  .max(1_000_000)
  .transform((value) => (value < 0 ? UNLIMITED_CREDITS : value));

const trimmed = (max: number) =>
  safeText()
    .trim()
    .max(max, { message: `At most ${max} characters` });
const optionalText = (max: number) =>
  trimmed(max)
    .nullish()
    .transform((value) => (value ? value : null));

export const memberView = z.object({
  _id: id,
  site: id,
  name: z.string(),
  email: z.string(),
  memberNumber: z.string().nullable(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  induction: z.boolean(),
  /** null = the built-in guest group */
  userGroup: id.nullable(),
  userGroupName: z.string().nullable(),
  credits: z.number().int(),
  /** Linked consumer-app profile; null when not linked. */
  profile: id.nullable(),
  lang: memberLang,
  codes: z.array(codeView),
  createdAt: z.string(),
});
export type MemberView = z.infer<typeof memberView>;

export const memberName = safeText()
  .trim()
  .min(1, { message: 'This field is required' })
  .max(100, { message: 'At most 100 characters' });

export const memberCreateBody = z.object({
  name: memberName,
  email,
  memberNumber: optionalText(40),
  phone: optionalText(40),
  company: optionalText(100),
  induction: z.boolean().optional(),
  userGroup: id.nullable().optional(),
  credits: credits.optional(),
  lang: memberLang.optional(),
});
export type MemberCreateBody = z.input<typeof memberCreateBody>;

export const memberPatchBody = memberCreateBody
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: 'Nothing to update' });
export type MemberPatchBody = z.input<typeof memberPatchBody>;

export const MEMBER_BULK_MAX = 10_000;
export const memberIds = z.array(id).min(1, { message: 'Select at least one member' }).max(MEMBER_BULK_MAX);

export const membersBulkPatchBody = z.object({
  ids: memberIds,
  updateData: z.object({ userGroup: id.nullable() }).strict(),
});
export const membersDeleteBody = z.object({ ids: memberIds });
export const bulkResult = z.object({ count: z.number().int() });
export type BulkResult = z.infer<typeof bulkResult>;

/** POST /members/link: member email → member id, for members without a profile (spec §7). */
export const membersLinkBody = z.object({
  members: z.record(safeText(), id).refine((map) => Object.keys(map).length > 0, {
    message: 'Select at least one member',
  }),
});
/** POST /members/unlink: member id → profile id, for members with a profile. */
export const membersUnlinkBody = z.object({
  members: z.record(id, id).refine((map) => Object.keys(map).length > 0, {
    message: 'Select at least one member',
  }),
});

export const MEMBER_PAGE_SIZES = [20, 30, 50, 100] as const;
export const MEMBER_DEFAULT_PAGE_SIZE = 50;
export const MEMBER_SORT_FIELDS = [
  'name',
  'email',
  'company',
  'memberNumber',
  'credits',
  'createdAt',
] as const;
export const MEMBER_SEARCH_FIELDS = ['name', 'company', 'email'] as const;
export type MemberSearchField = (typeof MEMBER_SEARCH_FIELDS)[number];

export const membersQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce
    .number()
    .int()
    .refine((value) => (MEMBER_PAGE_SIZES as readonly number[]).includes(value), {
      message: 'Page size must be 20, 30, 50 or 100',
    })
    .default(MEMBER_DEFAULT_PAGE_SIZE),
  /** `field:asc|desc`; members are sorted by name ascending by default (spec §9). */
  sort: z
    .string()
    .regex(new RegExp(`^(${MEMBER_SORT_FIELDS.join('|')}):(asc|desc)$`), { message: 'Unknown sort' })
    .default('name:asc'),
  query: safeText().trim().max(100).optional(),
  /** Which field `query` searches; absent = name, company and email. */
  searchIn: z.enum(MEMBER_SEARCH_FIELDS).optional(),
});
export type MembersQuery = z.input<typeof membersQuery>;
export const membersPage = z.object({ data: z.array(memberView), pagination });
export type MembersPage = z.infer<typeof membersPage>;

// ---- Codes ----

const codeFields = {
  code: safeText().trim(),
  master: z.boolean().default(false),
  devices: z.array(safeText().trim().min(1)).max(2000).default([]),
  allDevices: z.boolean().default(false),
  enabled: z.boolean().default(true),
  expires: z.iso.datetime({ offset: true, message: 'Invalid date' }).nullable().default(null),
};

/**
 * The code's value by type (6 digits, or a numeric RFID tag) and 'Item is required' when no cart is picked
 * and the code is not for all carts. Shared by create and patch so the rules live once.
 */
const checkCode = (
  body: { type?: CodeType; code?: string; devices?: string[]; allDevices?: boolean },
  ctx: z.RefinementCtx,
) => {
  if (body.code !== undefined && body.type !== undefined) {
    const parsed = (body.type === 'rfid' ? rfidTag : sixDigitCode).safeParse(body.code);
    if (!parsed.success)
      ctx.addIssue({ code: 'custom', path: ['code'], message: parsed.error.issues[0]!.message });
  }
  if (body.allDevices === false && body.devices !== undefined && body.devices.length === 0)
    ctx.addIssue({ code: 'custom', path: ['devices'], message: 'Item is required' });
};

export const codeCreateBody = z
  .object({ driver: id, type: codeType, ...codeFields, sendEmail: z.boolean().default(false) })
  .superRefine(checkCode);
export type CodeCreateBody = z.input<typeof codeCreateBody>;

export const codePatchBody = z
  .object({
    type: codeType,
    code: codeFields.code,
    master: z.boolean(),
    devices: codeFields.devices.unwrap(),
    allDevices: z.boolean(),
    enabled: z.boolean(),
    expires: codeFields.expires.unwrap(),
    sendEmail: z.boolean(),
  })
  .partial()
  .strict()
  .superRefine(checkCode);
export type CodePatchBody = z.input<typeof codePatchBody>;

export const codeFindQuery = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{1,20}$/, { message: 'Numbers only' }),
});
export const codeFindResult = z.object({
  name: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  phone: z.string().nullable(),
  type: codeType,
});
export type CodeFindResult = z.infer<typeof codeFindResult>;
export const codesPublishResult = z.object({ devices: z.number().int(), codes: z.number().int() });
export type CodesPublishResult = z.infer<typeof codesPublishResult>;
export const codeEmailResult = z.object({ emailSent: z.string() });

// ---- User groups ----

/** The built-in group of everyone who is not in a group; it has no id and cannot be edited or deleted. */
export const GUEST_USER_GROUP = 'guest';
export const userGroupView = z.object({
  _id: id,
  site: id,
  name: z.string(),
  /** How many prices use the group; deleting the group deletes them too. */
  prices: z.number().int(),
  members: z.number().int(),
});
export type UserGroupView = z.infer<typeof userGroupView>;
export const userGroupBody = z.object({
  name: safeText()
    .trim()
    .min(1, { message: 'This field is required' })
    .max(60, { message: 'At most 60 characters' })
    .refine((name) => name.toLowerCase() !== GUEST_USER_GROUP, { message: "'guest' is the built-in group" }),
});
export type UserGroupBody = z.input<typeof userGroupBody>;
export const userGroupDeleteResult = z.object({
  deletedPrices: z.number().int(),
  movedMembers: z.number().int(),
});

// ---- Import ----

export const MEMBER_IMPORT_MAX = 20_000;
export const memberImportRow = z.object({
  name: z.string(),
  email: z.string(),
  memberNumber: z.string().nullish(),
  company: z.string().nullish(),
  phone: z.string().nullish(),
});
export type MemberImportRow = z.infer<typeof memberImportRow>;
export const memberImportBody = z.object({
  members: z.array(memberImportRow).min(1, { message: 'No members to import' }).max(MEMBER_IMPORT_MAX),
});
export const importedMemberRef = z.object({ name: z.string(), email: z.string() });
export const memberImportResult = z.object({
  imported: z.number().int(),
  /** Already a member of the site, or repeated within the file. */
  duplicateMembers: z.array(importedMemberRef.extend({ reason: z.enum(['existing', 'file']) })),
  /** Rows the server refused (it validates every row again). */
  invalidMembers: z.array(importedMemberRef.extend({ message: z.string() })),
});
export type MemberImportResult = z.infer<typeof memberImportResult>;
