import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { hasRole, maySeeCodes, type CartView, type Role } from '@fairway/domain';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cartLabel } from '../../../lib/cart-label';
import { CartHeading } from './CartHeading';
import { CartQrCode } from './CartQrCode';
import { CartQuickActions } from './CartQuickActions';

interface CartModalProps {
  /** The cart, live from the store; null closes the modal. */
  cart: CartView | null;
  siteId: string;
  role: Role | null;
  now: number;
  onOpenDetails: (cart: CartView) => void;
  onClose: () => void;
}

/**
 * The cart modal (spec §2 Fleet): the quick actions and the guest QR code at hand from the list, for staff
 * who act on a cart without opening its details; users and up go on to the sidebar from here.
 */
export function CartModal({ cart, siteId, role, now, onOpenDetails, onClose }: CartModalProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={cart !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      {cart && (
        <>
          <DialogTitle component="div">
            <CartHeading cart={cart} now={now} titleId={titleId} onClose={onClose} />
          </DialogTitle>
          <DialogContent>
            <Stack spacing={2} divider={<Divider flexItem />}>
              <Stack spacing={1}>
                <Typography component="h3" variant="subtitle1">
                  {t('fleet.quickActions')}
                </Typography>
                <CartQuickActions cart={cart} role={role} />
              </Stack>
              {maySeeCodes(role) && (
                <Stack spacing={1}>
                  <Typography component="h3" variant="subtitle1">
                    {t('fleet.columns.unlockCode')}
                  </Typography>
                  <Typography sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {cart.lockCode ?? t('fleet.noValue')}
                  </Typography>
                </Stack>
              )}
              <Stack spacing={1}>
                <Typography component="h3" variant="subtitle1">
                  {t('fleet.qr.title')}
                </Typography>
                <CartQrCode siteId={siteId} title={t('fleet.qr.printTitle', { number: cartLabel(cart) })} />
              </Stack>
            </Stack>
          </DialogContent>
          {hasRole(role, 'user') && (
            <DialogActions>
              <Button startIcon={<OpenInNewIcon />} onClick={() => onOpenDetails(cart)}>
                {t('fleet.openDetails')}
              </Button>
            </DialogActions>
          )}
        </>
      )}
    </Dialog>
  );
}
