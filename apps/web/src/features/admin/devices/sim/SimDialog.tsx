import type { AdminDeviceView } from '@fairway/domain';

export interface SimDialogProps {
  /** the tracker whose SIM card is managed; null: closed */
  device: AdminDeviceView | null;
  onClose: () => void;
}

/** Row action "SIM management" (issue 20): status, register, de-register, enable/disable, reset. Placeholder. */
export function SimDialog(_props: SimDialogProps) {
  return null;
}
