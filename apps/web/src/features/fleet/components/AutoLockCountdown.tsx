import TimerIcon from '@mui/icons-material/Timer';
import { autoLockRemainingMinutes, type CartView } from '@fairway/domain';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

interface AutoLockCountdownProps {
  cart: CartView;
  /** The site's auto-lock minutes (0 = off). */
  autoLockMinutes: number;
  /** Refreshed by the page every 30 s. */
  now: number;
}

/** Minutes until the site's auto-lock locks this idle, unlocked cart (hidden when the rule says so). */
export function AutoLockCountdown({ cart, autoLockMinutes, now }: AutoLockCountdownProps) {
  const { t } = useTranslation();
  const minutes = autoLockRemainingMinutes(cart, autoLockMinutes, now);
  if (minutes === null) return null;
  return (
    <Chip
      size="small"
      variant="outlined"
      icon={<TimerIcon />}
      label={t('fleet.info.autoLockIn', { minutes })}
      data-testid="auto-lock-countdown"
    />
  );
}
