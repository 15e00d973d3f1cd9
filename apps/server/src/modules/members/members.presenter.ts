import { CODE_TYPES, type MemberView } from '@fairway/domain';
import { presentCode, type CodeRow } from '../codes/codes.presenter';
import type { members } from '../../db/tables/members';

export type MemberRow = typeof members.$inferSelect;
/** A member row with its user group's name joined in (null for the built-in guest group). */
export type MemberWithGroup = MemberRow & { userGroupName: string | null };

/** The one place a member row becomes the API shape; its codes come virtual key, keypad, then RFID. */
export function toMemberView(row: MemberWithGroup, codes: readonly CodeRow[]): MemberView {
  return {
    _id: row.id,
    site: row.siteId,
    name: row.name,
    email: row.email,
    memberNumber: row.memberNumber,
    phone: row.phone,
    company: row.company,
    induction: row.induction,
    userGroup: row.userGroupId,
    userGroupName: row.userGroupName,
    credits: row.credits,
    profile: row.profileId,
    lang: row.lang,
    codes: [...codes]
      .sort((a, b) => CODE_TYPES.indexOf(a.type) - CODE_TYPES.indexOf(b.type))
      .map(presentCode),
    createdAt: row.createdAt.toISOString(),
  };
}
