import type { MemberView } from '@fairway/domain';

export interface CreditsDialogProps {
  open: boolean;
  member: MemberView;
  onClose: () => void;
}

/** Spec §4 Credits: number input with minus and plus, Unlimited switch, save, delete when editing. */
export function CreditsDialog(_props: CreditsDialogProps) {
  return null;
}
