import { PAYMENT_STATUS_COLOURS, type PaymentView } from '@fairway/domain';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { formatInstant } from './revenue-format';

/**
 * A payment's status in the colours of spec §4 (succeeded green, pending amber, failed red, cancelled grey),
 * and beside it whether the money went back, when and why.
 */
export function PaymentStatusCell({ payment, timeZone }: { payment: PaymentView; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const refundNote =
    payment.refundedAt &&
    [
      t('revenue.refunded.on', { date: formatInstant(payment.refundedAt, i18n.resolvedLanguage, timeZone) }),
      payment.refundReason && t(`revenue.refunded.reasons.${payment.refundReason}`),
    ]
      .filter(Boolean)
      .join(' · ');
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Chip
        size="small"
        color={PAYMENT_STATUS_COLOURS[payment.status]}
        label={t(`revenue.status.${payment.status}`)}
      />
      {refundNote && (
        // describeChild: the note describes the chip, whose name stays "Refunded".
        <Tooltip title={refundNote} describeChild>
          <Chip size="small" variant="outlined" color="info" label={t('revenue.refunded.label')} />
        </Tooltip>
      )}
    </Stack>
  );
}
