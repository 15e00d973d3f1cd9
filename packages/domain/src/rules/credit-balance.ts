/**
 * Spec §4 Credits: a member's credits are whole rides, a negative number meaning unlimited. On its own, with
 * no schema beside it, because the guest pages (price applicability, a key's badge) read it and must not
 * pull zod into a phone's download through a shared chunk.
 */
export const isUnlimited = (value: number): boolean => value < 0;
