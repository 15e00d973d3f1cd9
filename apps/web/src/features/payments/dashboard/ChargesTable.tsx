import type { SandboxDashboardView } from '@fairway/domain';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { dateText, fromUnixSeconds, moneyText } from '../checkout/format';
import { DashboardSection } from './DashboardSection';

type Charge = SandboxDashboardView['charges'][number];

/**
 * The card payments the account took. Two columns, each holding two lines (what and when; amount and
 * fees), so the table fits a phone's width inside the page's card without scrolling sideways.
 */
export function ChargesTable({ charges }: { charges: readonly Charge[] }) {
  const { t } = useTranslation();
  return (
    <DashboardSection
      id="dashboard-charges"
      title={t('sandboxCheckout.dashboard.charges.title')}
      emptyText={t('sandboxCheckout.dashboard.charges.empty')}
      isEmpty={charges.length === 0}
    >
      <Table size="small" aria-labelledby="dashboard-charges" sx={{ tableLayout: 'fixed' }}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ pl: 0 }}>{t('sandboxCheckout.dashboard.charges.charge')}</TableCell>
            <TableCell align="right" sx={{ pr: 0, width: '42%' }}>
              {t('sandboxCheckout.dashboard.charges.amount')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {charges.map((charge) => (
            <ChargeRow key={charge.id} charge={charge} />
          ))}
        </TableBody>
      </Table>
    </DashboardSection>
  );
}

function ChargeRow({ charge }: { charge: Charge }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage;
  // What the account kept less of: the provider's processing fee and the platform's application fee.
  const fees = charge.fee + charge.applicationFee;
  return (
    <TableRow>
      <TableCell sx={{ pl: 0, verticalAlign: 'top', overflowWrap: 'anywhere' }}>
        <Typography variant="body2">{charge.description || charge.id}</Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {dateText(fromUnixSeconds(charge.created), locale, true)}
        </Typography>
      </TableCell>
      <TableCell align="right" sx={{ pr: 0, verticalAlign: 'top', overflowWrap: 'anywhere' }}>
        <Typography variant="body2" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
          {moneyText(charge.amount, charge.currency, locale)}
        </Typography>
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
          {t('sandboxCheckout.dashboard.charges.fees', { amount: moneyText(fees, charge.currency, locale) })}
        </Typography>
        {charge.refunded && (
          <Chip
            size="small"
            variant="outlined"
            label={t('sandboxCheckout.dashboard.charges.refunded')}
            sx={{ mt: 0.5 }}
          />
        )}
      </TableCell>
    </TableRow>
  );
}
