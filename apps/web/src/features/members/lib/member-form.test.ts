import { describe, expect, it } from 'vitest';
import { makeMember } from '../testing/member-fixtures';
import { createBody, defaultMemberLang, memberForm, memberFormValues, patchBody } from './member-form';

const GROUP = '77777777-7777-4777-8777-777777777777';

describe('member form', () => {
  it('trims and lower-cases the email and sends only the fields of the site layout', () => {
    const values = memberForm.parse({
      ...memberFormValues(null, 'de'),
      name: '  Ann Example ',
      email: '  Ann@Example.COM ',
      memberNumber: 'M-1',
      phone: '+45 1234',
      company: 'Acme',
      induction: true,
    });
    expect(createBody(values, { keypad: false })).toEqual({
      name: 'Ann Example',
      email: 'ann@example.com',
      lang: 'de',
      memberNumber: 'M-1',
    });
    expect(createBody(values, { keypad: true })).toEqual({
      name: 'Ann Example',
      email: 'ann@example.com',
      lang: 'de',
      phone: '+45 1234',
      company: 'Acme',
      induction: true,
    });
  });

  it('refuses a missing name and an invalid email', () => {
    const result = memberForm.safeParse({ ...memberFormValues(null, 'en'), name: ' ', email: 'nope' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path[0]).sort()).toEqual(['email', 'name']);
  });

  it('patches only what changed; guest is no group and an emptied field is cleared', () => {
    const member = makeMember({ memberNumber: 'M-1', userGroup: GROUP, userGroupName: 'Seniors' });
    const unchanged = memberForm.parse(memberFormValues(member, 'en'));
    expect(patchBody(member, unchanged, { keypad: false })).toEqual({});

    const changed = memberForm.parse({
      ...memberFormValues(member, 'en'),
      memberNumber: '',
      userGroup: 'guest',
    });
    expect(patchBody(member, changed, { keypad: false })).toEqual({ memberNumber: null, userGroup: null });
  });

  it("defaults a new member's language to the site's when members can receive it", () => {
    expect(defaultMemberLang('da')).toBe('da');
    expect(defaultMemberLang('fr')).toBe('en');
    expect(defaultMemberLang(undefined)).toBe('en');
  });
});
