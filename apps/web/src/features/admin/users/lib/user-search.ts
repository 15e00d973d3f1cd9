import type { UserView } from '@fairway/domain';

/** The User Manager's search (spec §2): part of the email or of the user id; `query` is lower-cased. */
export const userMatches = (user: UserView, query: string): boolean =>
  user.email.toLowerCase().includes(query) || user._id.toLowerCase().includes(query);
