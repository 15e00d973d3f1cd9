import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { CART_FILTERS, isCartFilter, type CartFilter } from '../lib/cart-groups';

/** Spec §2 Map cart filters, applied within the chosen group. */
export function CartFilterSelect({
  value,
  onChange,
}: {
  value: CartFilter;
  onChange: (filter: CartFilter) => void;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      label={t('map.filterLabel')}
      value={value}
      onChange={(event) => isCartFilter(event.target.value) && onChange(event.target.value)}
      // As wide as the chosen filter's name needs (Czech "Všechna vozítka" was cut off at a fixed width).
      sx={{ minWidth: 170, maxWidth: '100%' }}
      slotProps={{ htmlInput: { 'data-testid': 'map-filter' } }}
    >
      {CART_FILTERS.map((filter) => (
        <MenuItem key={filter} value={filter}>
          {filter === 'overdue' ? t('overrun.filter') : t(`map.filters.${filter}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
