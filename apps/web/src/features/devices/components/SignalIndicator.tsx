import { cartSignal, type CartSignal, type CartView, type SignalDots } from '@fairway/domain';
import SignalCellularAltIcon from '@mui/icons-material/SignalCellularAlt';
import SignalCellularOffIcon from '@mui/icons-material/SignalCellularOff';
import WifiIcon from '@mui/icons-material/Wifi';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE } from '../../../lib/locale';

const DOT_COUNT = 4;

function dotColour(dots: SignalDots): string {
  if (dots >= 3) return 'success.main';
  if (dots === 2) return 'warning.main';
  return 'error.main';
}

function describeSignal(signal: CartSignal, t: TFunction): string {
  if (signal.conType === null) return t('cart.signal.noLink');
  const wifi = signal.conType === 'W';
  if (signal.dots === null) return wifi ? t('cart.signal.wifiUnknown') : t('cart.signal.cellularUnknown');
  return wifi
    ? t('cart.signal.wifiDots', { dots: signal.dots })
    : t('cart.signal.cellularDots', { dots: signal.dots });
}

function Dots({ dots }: { dots: SignalDots | null }) {
  return (
    <Box component="span" aria-hidden sx={{ display: 'inline-flex', gap: '2px' }}>
      {Array.from({ length: DOT_COUNT }, (_, index) => (
        <Box
          key={index}
          component="span"
          data-testid={dots !== null && index < dots ? 'signal-dot-on' : 'signal-dot-off'}
          sx={{
            width: 6,
            height: 6,
            borderRadius: '50%',
            bgcolor: dots !== null && index < dots ? dotColour(dots) : 'action.disabled',
          }}
        />
      ))}
    </Box>
  );
}

/**
 * The cart's current link (WiFi or cellular) and its strength as dots (spec §9). `showValue` adds the
 * raw reading (dBm or CSQ); the spec shows it to admins only, which the caller decides.
 */
export function SignalIndicator({ cart, showValue = false }: { cart: CartView; showValue?: boolean }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? DEFAULT_LOCALE;
  const signal = cartSignal(cart);
  const description = describeSignal(signal, t);
  const LinkIcon =
    signal.conType === 'W'
      ? WifiIcon
      : signal.conType === 'G'
        ? SignalCellularAltIcon
        : SignalCellularOffIcon;
  const value = signal.value === null ? null : new Intl.NumberFormat(locale).format(signal.value);
  const valueText =
    !showValue || value === null
      ? null
      : signal.conType === 'W'
        ? t('cart.signal.rssi', { value })
        : t('cart.signal.csq', { value });

  // The tooltip's text also becomes the accessible name of the indicator (MUI sets it as aria-label).
  return (
    <Tooltip title={valueText ? `${description} (${valueText})` : description}>
      <Box
        component="span"
        role="img"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, whiteSpace: 'nowrap' }}
      >
        <LinkIcon fontSize="small" sx={{ color: 'text.secondary' }} />
        <Dots dots={signal.dots} />
        {valueText && (
          <Typography component="span" variant="caption" sx={{ color: 'text.secondary' }}>
            {valueText}
          </Typography>
        )}
      </Box>
    </Tooltip>
  );
}
