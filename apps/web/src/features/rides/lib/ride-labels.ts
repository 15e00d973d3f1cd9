import type { RideView } from '@fairway/domain';
import { useTranslation } from 'react-i18next';

/** The words a ride is named by on cards, in the pane and in the confirmations. */
export function useRideLabels() {
  const { t } = useTranslation();
  return {
    /** "Cart 7"; a cart without a number still reads as a cart */
    cart: (ride: Pick<RideView, 'carNumber'>) =>
      ride.carNumber ? t('rides.card.cart', { number: ride.carNumber }) : t('rides.card.noCarNumber'),
  };
}
