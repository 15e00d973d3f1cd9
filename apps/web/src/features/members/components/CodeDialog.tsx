import type { CodeView, MemberView } from '@fairway/domain';

export interface CodeDialogProps {
  open: boolean;
  member: MemberView;
  /** null = a new code for the member (type defaults to the first type the member lacks) */
  code: CodeView | null;
  onClose: () => void;
}

/** Spec §2/§4 Codes: type, code with regenerate or RFID scan, carts, enabled, master, expiry, email. */
export function CodeDialog(_props: CodeDialogProps) {
  return null;
}
