import { USAGE_ORIGINS, type RideUsage, type UsageOrigin } from '@fairway/domain';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

export interface UsageFilterValues {
  /** a cart's id, or '' for every cart */
  device: string;
  origin: UsageOrigin;
}

export const NO_FILTERS: UsageFilterValues = { device: '', origin: 'all' };

/**
 * Which rounds the page counts (spec §2: by cart and by origin): every cart or one, every round, those of a
 * booking, or those staff unlocked from the dashboard. The carts are the site's, idle ones included.
 */
export function UsageFilters({
  carts,
  value,
  onChange,
  disabled,
}: {
  carts: RideUsage['carts'];
  value: UsageFilterValues;
  onChange: (next: UsageFilterValues) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', flex: '1 1 auto' }}>
      <TextField
        select
        size="small"
        label={t('usage.filters.cart')}
        value={value.device}
        disabled={disabled}
        // "All carts" is the empty value: shown as chosen, under a label that stays above it.
        slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        onChange={(event) => onChange({ ...value, device: event.target.value })}
        sx={{ minWidth: 160, flex: { xs: '1 1 140px', sm: '0 0 auto' } }}
      >
        <MenuItem value="">{t('usage.filters.allCarts')}</MenuItem>
        {carts.map((cart) => (
          <MenuItem key={cart.device} value={cart.device}>
            {t('usage.carts.cart', { name: cart.carNumber ?? cart.carName ?? t('usage.carts.unnamed') })}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('usage.filters.origin')}
        value={value.origin}
        disabled={disabled}
        onChange={(event) => onChange({ ...value, origin: event.target.value as UsageOrigin })}
        sx={{ minWidth: 180, flex: { xs: '1 1 140px', sm: '0 0 auto' } }}
      >
        {USAGE_ORIGINS.map((origin) => (
          <MenuItem key={origin} value={origin}>
            {t(`usage.filters.origins.${origin}`)}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
