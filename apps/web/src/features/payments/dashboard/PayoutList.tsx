import { payoutTag, type PayoutView } from '@fairway/domain';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { dateText, fromUnixSeconds, moneyText } from '../checkout/format';
import { DashboardSection } from './DashboardSection';

/** 'Test Bank •••• 3000': the provider may know neither the bank's name nor the account's last digits. */
function destinationText(destination: PayoutView['destination'], t: TFunction): string {
  const bank = destination.bank_name ?? t('sandboxCheckout.dashboard.payouts.unknownBank');
  return destination.last4
    ? t('sandboxCheckout.dashboard.payouts.destination', { bank, last4: destination.last4 })
    : bank;
}

/** The account's payouts to the club's bank, newest as the server orders them; spec §4's Paid/Withdrawn tag. */
export function PayoutList({ payouts }: { payouts: readonly PayoutView[] }) {
  const { t } = useTranslation();
  return (
    <DashboardSection
      id="dashboard-payouts"
      title={t('sandboxCheckout.dashboard.payouts.title')}
      emptyText={t('sandboxCheckout.dashboard.payouts.empty')}
      isEmpty={payouts.length === 0}
    >
      <List disablePadding aria-labelledby="dashboard-payouts">
        {payouts.map((payout) => (
          <PayoutItem key={payout.id} payout={payout} />
        ))}
      </List>
    </DashboardSection>
  );
}

function PayoutItem({ payout }: { payout: PayoutView }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage;
  const withdrawn = payoutTag(payout.amount) === 'withdrawn';
  return (
    <ListItem divider disableGutters sx={{ display: 'block', py: 1, overflowWrap: 'anywhere' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
          {moneyText(payout.amount, payout.currency, locale)}
        </Typography>
        {/* Outlined: the filled warning colours would not reach AA contrast for the tag's text. */}
        <Chip
          size="small"
          variant="outlined"
          color={withdrawn ? 'default' : 'success'}
          label={t(
            withdrawn
              ? 'sandboxCheckout.dashboard.payouts.withdrawn'
              : 'sandboxCheckout.dashboard.payouts.paid',
          )}
        />
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('sandboxCheckout.dashboard.payouts.sent', {
          date: dateText(fromUnixSeconds(payout.created), locale),
        })}
        {' · '}
        {t('sandboxCheckout.dashboard.payouts.arrival', {
          date: dateText(fromUnixSeconds(payout.arrival_date), locale),
        })}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {destinationText(payout.destination, t)}
      </Typography>
    </ListItem>
  );
}
