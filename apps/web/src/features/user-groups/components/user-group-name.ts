import { userGroupBody } from '@fairway/domain';

export type UserGroupNameError = 'required' | 'tooLong' | 'guest';

/** Which of the domain's name rules (userGroupBody) a name breaks, for a translated message. */
export function userGroupNameError(name: string): UserGroupNameError | null {
  const parsed = userGroupBody.safeParse({ name });
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  if (issue?.code === 'too_small') return 'required';
  if (issue?.code === 'too_big') return 'tooLong';
  return 'guest';
}
