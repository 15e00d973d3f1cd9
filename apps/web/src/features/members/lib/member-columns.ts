import type { MemberSortField } from '../use-members-list';

export type MemberColumn =
  | 'name'
  | 'company'
  | 'phone'
  | 'induction'
  | 'memberNumber'
  | 'userGroup'
  | 'keyCode'
  | 'credits'
  | 'actions';

/**
 * Spec §2: keypad sites record who the driver is (company, phone, induction); other sites their club
 * membership (member number, user group, credits).
 */
export const memberColumnsFor = (keypad: boolean): readonly MemberColumn[] =>
  keypad
    ? ['name', 'company', 'phone', 'induction', 'keyCode', 'actions']
    : ['name', 'memberNumber', 'userGroup', 'keyCode', 'credits', 'actions'];

/** The columns the server can sort by, and the field each one sorts. */
export const SORTABLE_COLUMNS: Partial<Record<MemberColumn, MemberSortField>> = {
  name: 'name',
  company: 'company',
  memberNumber: 'memberNumber',
  credits: 'credits',
};
