import type { CartView, Role } from '@fairway/domain';
import { cartBookingsAt, hasRole } from '@fairway/domain';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/date-format';
import { dateLocaleFor } from '../../../lib/date-locale';
import { BatteryIndicator, SignalIndicator, useFormatSpeed } from '../../devices';
import { AutoLockCountdown } from '../components/AutoLockCountdown';
import { KeyAlarmIcon } from '../components/KeyAlarmIcon';
import { LockStateLabel } from '../components/LockStateLabel';
import { lastSeenText } from '../last-seen';
import { useSite } from '../../sites';
import { CartBookingsToday } from './CartBookingsToday';
import { RecentCommands } from './RecentCommands';

// The chart library is large; it loads when a cart's Info tab first opens, not with the fleet list.
const BatteryChart = lazy(async () => ({
  default: (await import('../../devices/lazy')).BatteryChart,
}));

interface CartInfoTabProps {
  cart: CartView;
  siteId: string;
  role: Role | null;
  autoLockMinutes: number;
  now: number;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'contents' }}>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0 }}>
        {children}
      </Typography>
    </Box>
  );
}

/** The sidebar's Info tab: live state, battery history and the latest commands. */
export function CartInfoTab({ cart, siteId, role, autoLockMinutes, now }: CartInfoTabProps) {
  const { t, i18n } = useTranslation();
  const formatSpeed = useFormatSpeed();
  const locale = dateLocaleFor(i18n.resolvedLanguage ?? 'en');
  const site = useSite(siteId).data;
  // Spec §4: while a maintenance block is current the cart reads out of service, whatever its flag.
  const maintenance = cartBookingsAt(cart.bookings, now).maintenance;
  const odometer =
    cart.carOdometer === null
      ? t('fleet.noValue')
      : t('fleet.info.km', {
          value: new Intl.NumberFormat(i18n.resolvedLanguage, { maximumFractionDigits: 1 }).format(
            cart.carOdometer,
          ),
        });

  return (
    <Stack spacing={3}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <LockStateLabel cart={cart} testId="cart-lock-state" />
        {cart.keyAlarm === '1' && <KeyAlarmIcon />}
        <AutoLockCountdown cart={cart} autoLockMinutes={autoLockMinutes} now={now} />
      </Stack>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 1, m: 0 }}
      >
        <Fact label={t('fleet.info.battery')}>
          <BatteryIndicator cart={cart} />
        </Fact>
        <Fact label={t('fleet.info.signal')}>
          <SignalIndicator cart={cart} showValue={hasRole(role, 'admin')} />
        </Fact>
        <Fact label={t('fleet.info.speed')}>{formatSpeed(cart.gpsSpeed)}</Fact>
        <Fact label={t('fleet.info.odometer')}>{odometer}</Fact>
        <Fact label={t('fleet.info.keyModeLabel')}>
          {cart.key === '1' ? t('fleet.info.keyMode') : t('fleet.info.keyless')}
        </Fact>
        <Fact label={t('fleet.info.service')}>
          {maintenance
            ? t('fleet.info.inMaintenance')
            : cart.inService
              ? t('fleet.info.inService')
              : t('fleet.info.outOfService')}
        </Fact>
        <Fact label={t('fleet.info.firmware')}>{cart.firmware ?? t('fleet.noValue')}</Fact>
        <Fact label={t('fleet.info.serial')}>{cart.serial}</Fact>
        <Fact label={t('fleet.info.lastSeen')}>
          {cart.timeUTC ? formatDateTime(cart.timeUTC, i18n.resolvedLanguage) : t('fleet.noValue')}
          <Typography component="span" variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>
            {lastSeenText(t, cart, now, locale)}
          </Typography>
        </Fact>
      </Box>
      <CartBookingsToday cart={cart} siteId={siteId} site={site} now={now} />
      <Box>
        <Typography component="h3" variant="subtitle1" gutterBottom>
          {t('fleet.info.batteryHistory')}
        </Typography>
        <Suspense fallback={<Skeleton variant="rounded" height={220} aria-label={t('common.loading')} />}>
          <BatteryChart deviceId={cart._id} />
        </Suspense>
      </Box>
      <Box>
        <Typography component="h3" variant="subtitle1" gutterBottom>
          {t('fleet.commandsList.title')}
        </Typography>
        <RecentCommands siteId={siteId} deviceId={cart._id} now={now} />
      </Box>
    </Stack>
  );
}
