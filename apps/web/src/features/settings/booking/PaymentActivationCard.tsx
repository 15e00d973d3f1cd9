import CreditCardIcon from '@mui/icons-material/CreditCard';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { HelpLinkButton } from '../../../components/HelpLinkButton';
import { useErrorMessage } from '../../../components/ErrorState';
import { useStartOnboarding } from '../../payments';

interface PaymentActivationCardProps {
  siteId: string;
  /** Only an admin may start onboarding (the server enforces it); others are told whom to ask. */
  editable: boolean;
}

/**
 * Shown until the club's payment provider account is active: online booking, the booking app and card
 * payments all wait for it. The button leaves for the provider's onboarding, which returns to this page.
 */
export function PaymentActivationCard({ siteId, editable }: PaymentActivationCardProps) {
  const { t } = useTranslation();
  const onboarding = useStartOnboarding(siteId);
  const errorMessage = useErrorMessage(onboarding.error);

  return (
    <Card variant="outlined" sx={{ borderColor: 'warning.main' }}>
      <CardHeader
        avatar={<CreditCardIcon color="warning" aria-hidden />}
        title={t('booking.payments.title')}
        subheader={t('booking.payments.notActive')}
        slotProps={{ title: { component: 'h2' } }}
        action={<HelpLinkButton article="payments" label={t('booking.payments.help')} />}
      />
      <CardContent sx={{ pt: 0 }}>
        <Stack spacing={2}>
          <Typography>{t('booking.payments.explanation')}</Typography>
          {!editable && <Alert severity="info">{t('booking.payments.askAdmin')}</Alert>}
          {onboarding.isError && (
            <Alert severity="error">{t('booking.payments.startFailed', { message: errorMessage })}</Alert>
          )}
        </Stack>
      </CardContent>
      {editable && (
        <CardActions sx={{ px: 2, pb: 2 }}>
          <Button
            variant="contained"
            startIcon={<CreditCardIcon />}
            // Stays busy after success: the browser is on its way to the provider's page.
            loading={onboarding.isPending || onboarding.isSuccess}
            onClick={() => onboarding.mutate()}
          >
            {t('booking.payments.activate')}
          </Button>
        </CardActions>
      )}
    </Card>
  );
}
