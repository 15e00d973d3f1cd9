import type { CodeType, CodeView, MemberView } from '@fairway/domain';
import type { MemberColumn } from '../lib/member-columns';

/** What every row needs from the page; memoised there so a tick re-renders only its own row. */
export interface MemberRowContext {
  columns: readonly MemberColumn[];
  /** the code types the site offers (spec §4 Codes) */
  codeTypes: readonly CodeType[];
  /** for greying expired codes */
  now: number;
  onEdit: (member: MemberView) => void;
  onDelete: (member: MemberView) => void;
  onCredits: (member: MemberView) => void;
  /** null = a new code */
  onCode: (member: MemberView, code: CodeView | null) => void;
}
