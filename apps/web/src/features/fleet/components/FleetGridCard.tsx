import type { CartView } from '@fairway/domain';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { memo, type ReactNode } from 'react';
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

interface FleetGridCardProps {
  cart: CartView;
  selected: boolean;
  onToggleSelected: (cartId: string) => void;
  context: FleetCartContext;
}

/** One cart in the grid: the table's columns stacked on a card. */
export const FleetGridCard = memo(function FleetGridCard({
  cart,
  selected,
  onToggleSelected,
  context,
}: FleetGridCardProps) {
  const { t } = useTranslation();
  const label = cartLabel(cart);
  const { onOpen, onQuickActions } = context;

  const body: ReactNode = (
    <CardContent sx={{ pt: 0 }}>
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <FleetStatusChip cart={cart} now={context.now} />
          <OpenReportsBadge count={context.openReportCounts.get(cart._id) ?? 0} />
        </Stack>
        <CartInfoBadges
          cart={cart}
          autoLockMinutes={context.autoLockMinutes}
          now={context.now}
          showSignalValue={context.showSignalValue}
        />
        <Divider />
        <Box>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {t('fleet.columns.rideInfo')}
          </Typography>
          <RideInfo cart={cart} overdue={context.overdueCartIds.has(cart._id)} />
        </Box>
        {context.showCodes && (
          <Box>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {t('fleet.columns.unlockCode')}
            </Typography>
            <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {cart.lockCode ?? t('fleet.noValue')}
            </Typography>
          </Box>
        )}
        <Box>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {t('fleet.columns.pendingUpdate')}
          </Typography>
          <PendingUpdateChips updates={cart.updates} />
        </Box>
      </Stack>
    </CardContent>
  );

  return (
    <Card
      variant="outlined"
      data-testid={`fleet-row-${label}`}
      sx={{ height: '100%', borderColor: selected ? 'primary.main' : undefined }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', px: 1, pt: 1 }}>
        <CartSelectCheckbox cart={cart} checked={selected} onToggle={onToggleSelected} />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h6" component="h3" noWrap>
            {t('fleet.cartNumber', { number: label })}
          </Typography>
          <Typography variant="body2" noWrap sx={{ color: 'text.secondary' }}>
            {cart.carName}
          </Typography>
        </Box>
        {onQuickActions && <QuickActionsButton cart={cart} onOpen={onQuickActions} />}
      </Stack>
      {onOpen ? (
        <CardActionArea onClick={() => onOpen(cart)} aria-label={t('fleet.openCart', { number: label })}>
          {body}
        </CardActionArea>
      ) : (
        body
      )}
    </Card>
  );
});
