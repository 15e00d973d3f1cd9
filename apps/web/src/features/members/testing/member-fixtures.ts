import type { CodeView, MembersPage, MemberView } from '@fairway/domain';
import { SITE_A } from '../../../test/carts';

let counter = 0;
const uuid = (prefix: string, n: number) =>
  `${prefix}-${prefix.slice(0, 4)}-4${prefix.slice(0, 3)}-8${prefix.slice(0, 3)}-${String(n).padStart(12, '0')}`;

/** A complete, valid MemberView (domain `memberView`) of SITE_A: a guest without codes or app profile. */
export function makeMember(overrides: Partial<MemberView> = {}): MemberView {
  counter += 1;
  return {
    _id: uuid('eeeeeeee', counter),
    site: SITE_A,
    name: `Member ${counter}`,
    email: `member${counter}@example.com`,
    memberNumber: null,
    phone: null,
    company: null,
    induction: false,
    userGroup: null,
    userGroupName: null,
    credits: 0,
    profile: null,
    lang: 'en',
    codes: [],
    createdAt: '2025-01-01T10:00:00.000Z',
    ...overrides,
  };
}

/** A complete, valid CodeView: an enabled virtual key that never expires. */
export function makeCode(overrides: Partial<CodeView> = {}): CodeView {
  counter += 1;
  return {
    _id: uuid('ffffffff', counter),
    type: 'virtualKey',
    code: '123456',
    master: false,
    devices: [],
    allDevices: true,
    enabled: true,
    expires: null,
    driver: uuid('eeeeeeee', counter),
    emailSent: null,
    ...overrides,
  };
}

/** A page of the members list as the server answers it. */
export function membersPageOf(
  members: MemberView[],
  { page = 1, totalPages = 1, totalItems = members.length, limit = 50 } = {},
): MembersPage {
  return {
    data: members,
    pagination: {
      currentPage: page,
      totalPages,
      totalItems,
      itemsPerPage: limit,
      nextPage: page < totalPages ? page + 1 : null,
      prevPage: page > 1 ? page - 1 : null,
    },
  };
}

/** An app profile id, for members linked to the consumer app. */
export const profileId = (n: number) => uuid('99999999', n);
