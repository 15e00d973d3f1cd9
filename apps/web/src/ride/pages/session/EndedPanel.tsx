import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { GuestRideView } from '@fairway/domain';
import { MessagePanel } from '../../components/States';
import { useI18n } from '../../i18n/I18nProvider';
import { formatDistance, formatRideDuration } from '../../lib/format';
import { ridePaths } from '../../router/routes';

/** The ride-ended page: how long and how far, and thanks; a ride the cart never confirmed says so instead. */
export function EndedPanel({ ride }: { ride: GuestRideView }) {
  const { t, locale } = useI18n();
  const back = { label: t('app.backToCart'), to: ridePaths.home(ride.deviceId) };
  if (ride.endReason === 'unconfirmed')
    return (
      <MessagePanel title={t('session.unconfirmedTitle')} action={back}>
        <Alert severity="error" role="note">
          {t('session.phase.reception')}
        </Alert>
        {ride.payment?.refunded && (
          <Alert severity="info" role="note">
            {t('session.refunded')}
          </Alert>
        )}
      </MessagePanel>
    );
  const seconds =
    ride.duration ??
    (ride.end ? Math.max(0, Math.round((Date.parse(ride.end) - Date.parse(ride.start)) / 1000)) : null);
  return (
    <MessagePanel title={t('session.endedTitle')} action={back}>
      <Typography sx={{ fontSize: '1.1rem' }}>{t('session.thanks')}</Typography>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', columnGap: 2, rowGap: 0.5, m: 0 }}
      >
        {seconds !== null && (
          <>
            <Box component="dt" sx={{ color: 'text.secondary' }}>
              {t('session.duration')}
            </Box>
            <Box component="dd" sx={{ m: 0 }}>
              {formatRideDuration(seconds, locale)}
            </Box>
          </>
        )}
        {ride.distance !== null && (
          <>
            <Box component="dt" sx={{ color: 'text.secondary' }}>
              {t('session.distance')}
            </Box>
            <Box component="dd" sx={{ m: 0 }}>
              {formatDistance(ride.distance, locale)}
            </Box>
          </>
        )}
      </Box>
    </MessagePanel>
  );
}
