import type { CartView } from '@fairway/domain';
import Checkbox from '@mui/material/Checkbox';
import { useTranslation } from 'react-i18next';
import { cartLabel } from '../../../lib/cart-label';

interface CartSelectCheckboxProps {
  cart: CartView;
  checked: boolean;
  onToggle: (cartId: string) => void;
}

/** Ticks a cart for bulk actions; its click never opens the cart. */
export function CartSelectCheckbox({ cart, checked, onToggle }: CartSelectCheckboxProps) {
  const { t } = useTranslation();
  const label = cartLabel(cart);
  // A named object: `data-testid` is valid on the input but not among the typed input props.
  const inputProps = {
    'aria-label': t('fleet.selectCart', { number: label }),
    'data-testid': `fleet-select-${label}`,
  };
  return (
    <Checkbox
      checked={checked}
      onChange={() => onToggle(cart._id)}
      onClick={(event) => event.stopPropagation()}
      slotProps={{ input: inputProps }}
    />
  );
}
