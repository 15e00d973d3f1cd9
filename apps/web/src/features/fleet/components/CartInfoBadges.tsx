import BuildIcon from '@mui/icons-material/Build';
import KeyIcon from '@mui/icons-material/Key';
import type { CartView } from '@fairway/domain';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { cartLabel } from '../../../lib/cart-label';
import { BatteryIndicator, SignalIndicator } from '../../devices';
import { AutoLockCountdown } from './AutoLockCountdown';
import { KeyAlarmIcon } from './KeyAlarmIcon';
import { LockStateLabel } from './LockStateLabel';

interface CartInfoBadgesProps {
  cart: CartView;
  autoLockMinutes: number;
  now: number;
  /** Admins see the signal value next to its dots (spec §6). */
  showSignalValue: boolean;
}

/** The fleet's Info column: lock state, battery, signal, key mode and alarm, service, auto-lock. */
export function CartInfoBadges({ cart, autoLockMinutes, now, showSignalValue }: CartInfoBadgesProps) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
      <LockStateLabel cart={cart} testId={`fleet-lock-state-${cartLabel(cart)}`} />
      <BatteryIndicator cart={cart} />
      <SignalIndicator cart={cart} showValue={showSignalValue} />
      {cart.key === '1' && (
        <Tooltip title={t('fleet.info.keyMode')}>
          <KeyIcon fontSize="small" color="action" role="img" aria-label={t('fleet.info.keyMode')} />
        </Tooltip>
      )}
      {cart.keyAlarm === '1' && <KeyAlarmIcon />}
      {!cart.inService && (
        <Tooltip title={t('fleet.info.outOfService')}>
          <BuildIcon fontSize="small" color="warning" role="img" aria-label={t('fleet.info.outOfService')} />
        </Tooltip>
      )}
      <AutoLockCountdown cart={cart} autoLockMinutes={autoLockMinutes} now={now} />
    </Stack>
  );
}
