/**
 * The public surface of features/user-groups: what other features may import from it (docs/architecture.md,
 * "The web app"); the rest of the folder is its own.
 */
export { userGroupsQueryOptions, useUserGroups } from './api/get-user-groups';
export { UserGroupsCard } from './components/UserGroupsCard';
