import type { CartView } from '@fairway/domain';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { cartLabel } from '../../../lib/cart-label';
import { OpenReportsBadge } from '../../damage-reports';
import { CartInfoBadges } from './CartInfoBadges';
import { CartSelectCheckbox } from './CartSelectCheckbox';
import type { FleetCartContext } from './fleet-cart-context';
import { FleetStatusChip } from './FleetStatusChip';
import { PendingUpdateChips } from './PendingUpdateChips';
import { QuickActionsButton } from './QuickActionsButton';
import { RideInfo } from './RideInfo';

interface FleetTableRowProps {
  cart: CartView;
  selected: boolean;
  onToggleSelected: (cartId: string) => void;
  context: FleetCartContext;
}

/** One cart in the table: the spec's columns number, name, status, unlock code, ride info, info, pending. */
export const FleetTableRow = memo(function FleetTableRow({
  cart,
  selected,
  onToggleSelected,
  context,
}: FleetTableRowProps) {
  const { t } = useTranslation();
  const label = cartLabel(cart);
  const { onOpen, onQuickActions } = context;
  return (
    <TableRow
      hover
      selected={selected}
      data-testid={`fleet-row-${label}`}
      onClick={onOpen ? () => onOpen(cart) : undefined}
      sx={{ cursor: onOpen ? 'pointer' : 'default' }}
    >
      <TableCell padding="checkbox">
        <CartSelectCheckbox cart={cart} checked={selected} onToggle={onToggleSelected} />
      </TableCell>
      <TableCell>
        {onOpen ? (
          // The row is clickable with a mouse; the number is the keyboard's way into the sidebar.
          <Link
            component="button"
            variant="body2"
            sx={{ fontWeight: 600 }}
            onClick={(event) => {
              event.stopPropagation();
              onOpen(cart);
            }}
            aria-label={t('fleet.openCart', { number: label })}
          >
            {label}
          </Link>
        ) : (
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {label}
          </Typography>
        )}
      </TableCell>
      <TableCell>{cart.carName}</TableCell>
      <TableCell>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <FleetStatusChip cart={cart} now={context.now} />
          <OpenReportsBadge count={context.openReportCounts.get(cart._id) ?? 0} />
        </Stack>
      </TableCell>
      {context.showCodes && (
        <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {cart.lockCode ?? t('fleet.noValue')}
        </TableCell>
      )}
      <TableCell>
        <RideInfo cart={cart} overdue={context.overdueCartIds.has(cart._id)} />
      </TableCell>
      <TableCell>
        <CartInfoBadges
          cart={cart}
          autoLockMinutes={context.autoLockMinutes}
          now={context.now}
          showSignalValue={context.showSignalValue}
        />
      </TableCell>
      <TableCell>
        <PendingUpdateChips updates={cart.updates} />
      </TableCell>
      <TableCell padding="checkbox">
        {onQuickActions && <QuickActionsButton cart={cart} onOpen={onQuickActions} />}
      </TableCell>
    </TableRow>
  );
});
