export interface PushFirmwareDialogProps {
  /** the selected trackers; the dialog is open while this is non-empty and `open` */
  deviceIds: string[];
  open: boolean;
  onClose: () => void;
}

/** Bulk Actions → firmware (issue 20): pick an uploaded image and push it to the selected carts. Placeholder. */
export function PushFirmwareDialog(_props: PushFirmwareDialogProps) {
  return null;
}
