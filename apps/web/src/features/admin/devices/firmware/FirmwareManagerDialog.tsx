export interface FirmwareManagerDialogProps {
  open: boolean;
  onClose: () => void;
}

/** The firmware manager (issue 20): WiFi and GSM tabs, upload, delete. Placeholder. */
export function FirmwareManagerDialog(_props: FirmwareManagerDialogProps) {
  return null;
}
