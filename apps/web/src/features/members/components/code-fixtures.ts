import type { CodeView, MemberView } from '@fairway/domain';
import { SITE_A } from '../../../test/carts';

/** Test data for the code and credits dialogs: a complete, valid MemberView and CodeView. */
export const MEMBER_ID = 'dddddddd-dddd-4ddd-8ddd-000000000001';
export const CODE_ID = 'eeeeeeee-eeee-4eee-8eee-000000000001';

export function makeCode(overrides: Partial<CodeView> = {}): CodeView {
  return {
    _id: CODE_ID,
    type: 'virtualKey',
    code: '482913',
    master: false,
    devices: [],
    allDevices: true,
    enabled: true,
    expires: null,
    driver: MEMBER_ID,
    emailSent: null,
    ...overrides,
  };
}

export function makeMember(overrides: Partial<MemberView> = {}): MemberView {
  return {
    _id: MEMBER_ID,
    site: SITE_A,
    name: 'Søren Ærø',
    email: 'soren@example.com',
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
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
