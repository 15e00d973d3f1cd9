/** /virtualKeys: the site's members, their codes and credits (spec §2 Virtual keys / members). */
export function MembersPage() {
  return null;
}
