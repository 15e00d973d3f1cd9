import type { CartView } from '@fairway/domain';
import Autocomplete from '@mui/material/Autocomplete';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { matchesMapSearch } from '../lib/find-carts';

interface FindCartFieldProps {
  carts: readonly CartView[];
  onFind: (cartId: string) => void;
  onClose: () => void;
}

/**
 * Spec §2 Map "find cart": type a number, name or driver, pick the cart, and the map flies to it. The
 * way to a cart on a phone, where the list panel is folded away.
 */
export function FindCartField({ carts, onFind, onClose }: FindCartFieldProps) {
  const { t } = useTranslation();
  const labelOf = (cart: CartView) => {
    const number = t('map.cartNumber', { number: cart.carNumber ?? '?' });
    return [number, cart.carName, cart.driverName].filter(Boolean).join(' · ');
  };
  return (
    <Paper elevation={3} sx={{ width: { xs: 240, sm: 300 }, p: 1, alignSelf: 'flex-end' }}>
      <Autocomplete
        options={carts}
        autoHighlight
        openOnFocus
        value={null}
        getOptionLabel={labelOf}
        getOptionKey={(cart) => cart._id}
        filterOptions={(options, { inputValue }) =>
          options.filter((cart) => matchesMapSearch(cart, inputValue))
        }
        noOptionsText={t('map.findCart.noOptions')}
        onChange={(_event, cart) => {
          if (cart) onFind(cart._id);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onClose();
        }}
        renderInput={(params) => (
          <TextField
            {...params}
            autoFocus
            label={t('map.findCart.label')}
            placeholder={t('map.findCart.placeholder')}
            size="small"
            slotProps={{
              ...params.slotProps,
              htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'map-find-cart' },
            }}
          />
        )}
      />
    </Paper>
  );
}
