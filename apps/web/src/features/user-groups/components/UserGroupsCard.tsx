/** The site's user groups with the built-in guest entry: add, rename, delete (with the prices warning). */
export function UserGroupsCard() {
  return null;
}
