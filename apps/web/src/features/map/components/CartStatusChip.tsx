import { cartMarkerState, cartStatus, CART_MARKER_COLOURS, type CartView } from '@fairway/domain';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

/** Offline / in use / unlocked / online (the fleet's words), in the same colours as the map markers. */
export function CartStatusChip({ cart }: { cart: CartView }) {
  const { t } = useTranslation();
  const state = cartMarkerState(cart);
  const label = t(`map.status.${cartStatus(cart)}`);
  const colour = CART_MARKER_COLOURS[state];
  return (
    <Chip
      size="small"
      label={label}
      variant="outlined"
      sx={{
        borderColor: colour,
        color: 'text.primary',
        '&::before': { content: '""', width: 8, height: 8, borderRadius: '50%', bgcolor: colour, ml: 1 },
      }}
    />
  );
}
