import { batteryIconStep, batteryStatus, type BatteryStatus, type CartView } from '@fairway/domain';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE } from '../../../lib/locale';
import { BatteryIcon } from './BatteryIcon';

/** Red and amber only where an operator should act: send the cart to charge before its next round. */
function colourOf(status: BatteryStatus): string {
  if (status.kind === 'charging') return 'success.main';
  if (status.kind !== 'percent') return 'text.secondary';
  if (status.percent < 20) return 'error.main';
  if (status.percent < 40) return 'warning.main';
  return 'success.main';
}

function labelOf(status: BatteryStatus, volts: string | null, t: TFunction, locale: string): string {
  switch (status.kind) {
    case 'percent':
      return new Intl.NumberFormat(locale, { style: 'percent' }).format(status.percent / 100);
    case 'charging':
      return t('cart.battery.charging');
    // Li-Ion has no percentage, but its voltage still tells the operator something.
    case 'noPercentage':
      return volts ?? t('cart.battery.unknown');
    case 'unknown':
      return t('cart.battery.unknown');
  }
}

/** Why no percentage is shown, when the operator can do something about it or would wonder. */
function hintOf(status: BatteryStatus, cart: CartView, t: TFunction): string | null {
  if (status.kind === 'noPercentage') return t('cart.battery.noPercentage');
  const powerMissing = cart.vehicleInfo === null || cart.vehicleInfo.power === 'Unknown';
  if (status.kind === 'unknown' && powerMissing) return t('cart.battery.setPowerType');
  return null;
}

/** Battery icon and charge per the §9 curves, 'Charging' or '??'; the tooltip gives the volts. */
export function BatteryIndicator({ cart }: { cart: CartView }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? DEFAULT_LOCALE;
  const status = batteryStatus(cart);
  const volts =
    cart.battVoltage === null
      ? null
      : t('cart.battery.volts', {
          value: new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
            cart.battVoltage,
          ),
        });
  const hint = hintOf(status, cart, t);
  const title = (
    <>
      <Typography variant="inherit">{volts ?? t('cart.battery.noVoltage')}</Typography>
      {hint && <Typography variant="inherit">{hint}</Typography>}
    </>
  );

  return (
    <Tooltip title={title} describeChild>
      <Box
        component="span"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, whiteSpace: 'nowrap' }}
      >
        <BatteryIcon
          titleAccess={t('cart.battery.label')}
          step={status.kind === 'percent' ? batteryIconStep(status.percent) : null}
          charging={status.kind === 'charging'}
          sx={{ color: colourOf(status) }}
        />
        <Typography component="span" variant="body2">
          {labelOf(status, volts, t, locale)}
        </Typography>
      </Box>
    </Tooltip>
  );
}
