import type { MemberView } from '@fairway/domain';

/**
 * Spec §4 Link/unlink members: only members without a linked app profile are sent to link (email → member
 * id), only members with one are sent to unlink (member id → profile id). The rest of the selection is
 * left alone, so the menu can say how many each action reaches.
 */
export function linkRequest(selected: readonly MemberView[]): Record<string, string> {
  return Object.fromEntries(
    selected.filter((member) => member.profile === null).map((member) => [member.email, member._id]),
  );
}

export function unlinkRequest(selected: readonly MemberView[]): Record<string, string> {
  return Object.fromEntries(
    selected.flatMap((member) => (member.profile === null ? [] : [[member._id, member.profile]])),
  );
}
