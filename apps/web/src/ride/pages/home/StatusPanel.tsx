import BuildOutlined from '@mui/icons-material/BuildOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import DoNotDisturbOnOutlined from '@mui/icons-material/DoNotDisturbOnOutlined';
import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import type { SvgIconComponent } from '@mui/icons-material';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GuestCartStatus } from '@fairway/domain';
import type { ReactNode } from 'react';
import { useI18n } from '../../i18n/I18nProvider';

const ICONS: Record<GuestCartStatus, SvgIconComponent> = {
  AVAILABLE: CheckCircleOutlined,
  IN_USE: DoNotDisturbOnOutlined,
  KEYMODE: KeyOutlined,
  OFFLINE: CloudOffOutlined,
  OUT_OF_SERVICE: BuildOutlined,
  BOOKED: EventBusyOutlined,
  SITE_CLOSED: ScheduleOutlined,
};

/** Spec §2 status panels: what the cart's status means for the guest (spec §8 texts), with an icon. */
export function StatusPanel({ status, children }: { status: GuestCartStatus; children?: ReactNode }) {
  const { t } = useI18n();
  const Icon = ICONS[status];
  const available = status === 'AVAILABLE';
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-status={status}>
      <Stack spacing={2}>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
          <Icon
            aria-hidden
            sx={{ fontSize: 40, flexShrink: 0, color: available ? 'success.main' : 'text.secondary' }}
          />
          <Box>
            <Typography variant="h6" component="h2">
              {t(`status.${status}.title`)}
            </Typography>
            <Typography>{t(`status.${status}.message`)}</Typography>
          </Box>
        </Box>
        {children}
      </Stack>
    </Paper>
  );
}
