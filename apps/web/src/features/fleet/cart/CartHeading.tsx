import CloseIcon from '@mui/icons-material/Close';
import type { CartView } from '@fairway/domain';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { cartLabel } from '../../../lib/cart-label';
import { FleetStatusChip } from '../components/FleetStatusChip';

interface CartHeadingProps {
  cart: CartView;
  now: number;
  titleId: string;
  onClose: () => void;
}

/** Number, name and status on top of the sidebar and the modal, with the close button. */
export function CartHeading({ cart, now, titleId, onClose }: CartHeadingProps) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography id={titleId} component="h2" variant="h6" noWrap>
          {t('fleet.cartNumber', { number: cartLabel(cart) })}
        </Typography>
        <Typography variant="body2" noWrap sx={{ color: 'text.secondary', mb: 1 }}>
          {cart.carName}
        </Typography>
        <FleetStatusChip cart={cart} now={now} />
      </Box>
      <IconButton aria-label={t('fleet.close')} onClick={onClose} edge="end">
        <CloseIcon />
      </IconButton>
    </Stack>
  );
}
