import type { MemberView } from '@fairway/domain';
import { useCallback, useMemo, useState } from 'react';

/**
 * The members ticked for bulk actions. The selection outlives paging and searching (the toolbar shows how
 * many are ticked, with a way to clear them); each ticked member is read from the page in view when it is
 * there, so link and unlink see the member's current app profile.
 */
export function useMemberSelection(pageMembers: readonly MemberView[]) {
  const [picked, setPicked] = useState<ReadonlyMap<string, MemberView>>(() => new Map());

  const selected = useMemo(() => {
    const fresh = new Map(pageMembers.map((member) => [member._id, member]));
    return [...picked.values()].map((member) => fresh.get(member._id) ?? member);
  }, [picked, pageMembers]);
  const pickedOnPage = pageMembers.filter((member) => picked.has(member._id)).length;
  const pageSelected = pageMembers.length > 0 && pickedOnPage === pageMembers.length;

  // Stable, so memoised rows do not re-render when another row is ticked.
  const toggle = useCallback(
    (member: MemberView) =>
      setPicked((previous) => {
        const next = new Map(previous);
        if (!next.delete(member._id)) next.set(member._id, member);
        return next;
      }),
    [],
  );
  const remove = useCallback(
    (ids: readonly string[]) =>
      setPicked((previous) => {
        const next = new Map(previous);
        for (const id of ids) next.delete(id);
        return next;
      }),
    [],
  );

  return {
    selected,
    isSelected: (memberId: string) => picked.has(memberId),
    /** Every member of the page is ticked. */
    pageSelected,
    /** Some, not all, members of the page are ticked. */
    pagePartlySelected: pickedOnPage > 0 && !pageSelected,
    toggle,
    /** The header box: ticks the whole page, or unticks it when it is all ticked already. */
    togglePage: () =>
      setPicked((previous) => {
        const next = new Map(previous);
        for (const member of pageMembers) {
          if (pageSelected) next.delete(member._id);
          else next.set(member._id, member);
        }
        return next;
      }),
    remove,
    clear: () => setPicked(new Map()),
  };
}

export type MemberSelection = ReturnType<typeof useMemberSelection>;
