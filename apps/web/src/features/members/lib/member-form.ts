import {
  GUEST_USER_GROUP,
  memberCreateBody,
  memberLang,
  type MemberCreateBody,
  type MemberLang,
  type MemberPatchBody,
  type MemberView,
} from '@fairway/domain';
import { z } from 'zod';

/**
 * The add and edit member form. Its rules are the domain's (name required, a valid email trimmed and
 * lower-cased, the lengths), so what the form accepts is what the server accepts. `userGroup` holds a
 * group id or 'guest' (the built-in group, null on the server).
 */
export const memberForm = memberCreateBody
  .pick({ name: true, email: true, memberNumber: true, phone: true, company: true })
  .extend({ induction: z.boolean(), userGroup: z.string(), lang: memberLang });

export type MemberFormValues = z.input<typeof memberForm>;
export type MemberFormOutput = z.output<typeof memberForm>;

/** Keypad sites record phone, company and induction; other sites a member number and a user group. */
export interface MemberFormLayout {
  keypad: boolean;
}

export function memberFormValues(member: MemberView | null, defaultLang: MemberLang): MemberFormValues {
  return {
    name: member?.name ?? '',
    email: member?.email ?? '',
    memberNumber: member?.memberNumber ?? '',
    phone: member?.phone ?? '',
    company: member?.company ?? '',
    induction: member?.induction ?? false,
    userGroup: member?.userGroup ?? GUEST_USER_GROUP,
    lang: member?.lang ?? defaultLang,
  };
}

/** The site's language when members can receive it, else English (codes are emailed in the language). */
export const defaultMemberLang = (siteLang: string | undefined): MemberLang => {
  const parsed = memberLang.safeParse(siteLang);
  return parsed.success ? parsed.data : 'en';
};

const userGroupId = (value: string): string | null => (value === GUEST_USER_GROUP ? null : value);

/** A new member with the fields the site's layout shows. */
export function createBody(values: MemberFormOutput, { keypad }: MemberFormLayout): MemberCreateBody {
  const common = { name: values.name, email: values.email, lang: values.lang };
  return keypad
    ? { ...common, phone: values.phone, company: values.company, induction: values.induction }
    : { ...common, memberNumber: values.memberNumber };
}

/** Only what the operator changed among the fields the layout shows; empty when nothing did. */
export function patchBody(
  member: MemberView,
  values: MemberFormOutput,
  { keypad }: MemberFormLayout,
): MemberPatchBody {
  const changes: MemberPatchBody = {};
  if (values.name !== member.name) changes.name = values.name;
  if (values.email !== member.email) changes.email = values.email;
  if (values.lang !== member.lang) changes.lang = values.lang;
  if (keypad) {
    if (values.phone !== member.phone) changes.phone = values.phone;
    if (values.company !== member.company) changes.company = values.company;
    if (values.induction !== member.induction) changes.induction = values.induction;
  } else {
    if (values.memberNumber !== member.memberNumber) changes.memberNumber = values.memberNumber;
    const userGroup = userGroupId(values.userGroup);
    if (userGroup !== member.userGroup) changes.userGroup = userGroup;
  }
  return changes;
}
