import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import { keyframes } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';

/** On for one second, off for the next (spec §2 Fleet: the key alarm blinks each 1 s). */
const blink = keyframes`
  0% { opacity: 1; }
  50% { opacity: 0; }
`;

/** Shown while the cart reports its key left on (keyAlarm '1'). */
export function KeyAlarmIcon() {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('fleet.info.keyAlarm')}>
      <NotificationsActiveIcon
        color="error"
        fontSize="small"
        role="img"
        aria-label={t('fleet.info.keyAlarm')}
        data-testid="key-alarm"
        sx={{ animation: `${blink} 2s steps(1, end) infinite` }}
      />
    </Tooltip>
  );
}
