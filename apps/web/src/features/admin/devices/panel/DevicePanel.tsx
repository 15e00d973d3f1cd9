import type { AdminDeviceView } from '@fairway/domain';

export interface DevicePanelProps {
  /** the tracker whose panel is open; null: closed */
  device: AdminDeviceView | null;
  onClose: () => void;
}

/** The Device Manager's side panel (issue 20): header, Info, Settings and Tools. Placeholder. */
export function DevicePanel(_props: DevicePanelProps) {
  return null;
}
