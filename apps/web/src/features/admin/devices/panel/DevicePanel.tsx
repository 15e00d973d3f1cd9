import type { AdminDeviceView } from '@fairway/domain';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeviceInfoTab } from './DeviceInfoTab';
import { DevicePanelHeader } from './DevicePanelHeader';
import { DeviceSettingsTab } from './DeviceSettingsTab';
import { DeviceToolsTab } from './DeviceToolsTab';
import { useDeviceLogSocket } from './use-device-log-socket';

export interface DevicePanelProps {
  /** the tracker whose panel is open; null: closed */
  device: AdminDeviceView | null;
  onClose: () => void;
}

type PanelTab = 'info' | 'settings' | 'tools';
const TABS: readonly PanelTab[] = ['info', 'settings', 'tools'];

/**
 * The Device Manager's side panel (issue 20, spec §2 Device side panel): a right-hand drawer (the whole
 * screen on a phone) with the tracker's header and the tabs Info, Settings and Tools. `device` is the row
 * the Device Manager keeps live from the socket.
 */
export function DevicePanel({ device, onClose }: DevicePanelProps) {
  const titleId = useId();
  return (
    <Drawer
      anchor="right"
      open={device !== null}
      onClose={onClose}
      slotProps={{
        paper: {
          sx: { width: { xs: '100%', sm: 560 }, maxWidth: '100%' },
          'aria-labelledby': titleId,
          role: 'dialog',
          'aria-modal': true,
        },
      }}
    >
      {device && <PanelBody key={device._id} device={device} titleId={titleId} onClose={onClose} />}
    </Drawer>
  );
}

function PanelBody({
  device,
  titleId,
  onClose,
}: {
  device: AdminDeviceView;
  titleId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<PanelTab>('info');
  const tabsId = useId();
  useDeviceLogSocket(device._id, device.siteID);

  return (
    <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="device-panel">
      <DevicePanelHeader device={device} titleId={titleId} onClose={onClose} />
      <Divider />
      <Tabs
        value={tab}
        onChange={(_event, next: PanelTab) => setTab(next)}
        variant="fullWidth"
        aria-label={t('adminDeviceTools.tabs.label')}
      >
        {TABS.map((value) => (
          <Tab
            key={value}
            value={value}
            label={t(`adminDeviceTools.tabs.${value}`)}
            id={`${tabsId}-${value}`}
            aria-controls={`${tabsId}-${value}-panel`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`${tabsId}-${tab}-panel`} aria-labelledby={`${tabsId}-${tab}`}>
        {tab === 'info' && <DeviceInfoTab device={device} />}
        {tab === 'settings' && <DeviceSettingsTab device={device} />}
        {tab === 'tools' && <DeviceToolsTab device={device} />}
      </Box>
    </Box>
  );
}
