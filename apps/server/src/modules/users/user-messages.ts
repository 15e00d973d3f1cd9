/** The users module's refusals, also used by sign-in (an email is unique across both). */
export const USER_MESSAGES = {
  userNotFound: 'User not found',
  inviteNotFound: 'Invite not found',
  inviteExists: 'This email already has an invite; resend or delete it instead',
  ownRole: 'You cannot change your own role',
  ownAccount: 'You cannot delete your own account',
  sitesRequired: 'Choose at least one site for this role',
  emailTaken: 'Email already exists, please use a different email and try again.',
} as const;
