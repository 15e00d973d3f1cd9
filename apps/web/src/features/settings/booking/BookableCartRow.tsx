import type { CartView } from '@fairway/domain';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Switch from '@mui/material/Switch';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/notifications';
import { useUpdateDevice } from '../../devices';
import { devicesQueryOptions } from '../../realtime';

interface BookableCartRowProps {
  siteId: string;
  cart: CartView;
  editable: boolean;
}

/**
 * One cart and whether guests may book it online. A row has its own mutation so several switches can
 * save at once, each with its own progress and failure.
 */
export function BookableCartRow({ siteId, cart, editable }: BookableCartRowProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const update = useUpdateDevice();
  const name = cart.carNumber
    ? t('booking.bookableCarts.cart', { number: cart.carNumber })
    : t('booking.bookableCarts.unnumbered');
  // While saving, the switch shows where it is going.
  const bookable = update.isPending
    ? (update.variables.body.updateData.bookableOnline ?? cart.bookableOnline)
    : cart.bookableOnline;

  const change = (bookableOnline: boolean) =>
    update.mutate(
      { deviceId: cart._id, body: { updateData: { bookableOnline } } },
      {
        // The list on screen comes from the devices query; the saved cart replaces its entry.
        onSuccess: (saved) =>
          queryClient.setQueryData(devicesQueryOptions(siteId).queryKey, (carts) =>
            carts?.map((entry) => (entry._id === saved._id ? saved : entry)),
          ),
        onError: () => showToast(t('booking.bookableCarts.saveFailed', { cart: name }), 'error'),
      },
    );

  return (
    <ListItem
      divider
      secondaryAction={
        <Switch
          edge="end"
          checked={bookable}
          disabled={!editable || update.isPending}
          onChange={(event) => change(event.target.checked)}
          slotProps={{ input: { 'aria-label': t('booking.bookableCarts.toggle', { cart: name }) } }}
        />
      }
    >
      <ListItemText
        primary={name}
        secondary={[
          cart.carName,
          bookable ? t('booking.bookableCarts.bookable') : t('booking.bookableCarts.notBookable'),
        ]
          .filter(Boolean)
          .join(' · ')}
      />
    </ListItem>
  );
}
