import type { UserGroupView } from '@fairway/domain';
import type { userGroups } from '../../db/tables/user-groups';

export type UserGroupRow = typeof userGroups.$inferSelect;
/** A group with how many prices and members use it (the settings table shows both before a delete). */
export type UserGroupWithCounts = UserGroupRow & { prices: number; members: number };

export function toUserGroupView(row: UserGroupWithCounts): UserGroupView {
  return { _id: row.id, site: row.siteId, name: row.name, prices: row.prices, members: row.members };
}
