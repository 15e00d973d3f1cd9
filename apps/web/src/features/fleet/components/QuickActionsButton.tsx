import BoltIcon from '@mui/icons-material/Bolt';
import type { CartView } from '@fairway/domain';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { cartLabel } from '../../../lib/cart-label';

/** Opens the cart modal (lock, reboot, sound, service, key mode, QR code) without opening the sidebar. */
export function QuickActionsButton({ cart, onOpen }: { cart: CartView; onOpen: (cart: CartView) => void }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('fleet.quickActions')}>
      <IconButton
        size="small"
        aria-label={t('fleet.quickActionsFor', { number: cartLabel(cart) })}
        onClick={(event) => {
          event.stopPropagation();
          onOpen(cart);
        }}
      >
        <BoltIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
