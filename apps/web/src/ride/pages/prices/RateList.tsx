import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RateView } from '@fairway/domain';
import { bookingMessages } from '../../booking/locales';
import { useI18n, useNamespace } from '../../i18n/I18nProvider';
import { formatMinutes, weekdayName } from '../../lib/format';
import { formatMoney } from '../../../lib/money';
import { linkProps } from '../../router/navigation';
import { ridePaths, type PricesQuery } from '../../router/routes';

/** The booking a price list sells (its id and code), kept in every address of the flow. */
export type BookingSaleQuery = Pick<PricesQuery, 'bookingId' | 'reservationCode'>;

/** Monday first, as the clubs' week is written. */
const weekOrder = (day: number) => (day + 6) % 7;

export function availableTimesText(rate: RateView, locale: string): string {
  return [...rate.range.availableTimes]
    .sort((a, b) => weekOrder(a.day) - weekOrder(b.day) || a.start.localeCompare(b.start))
    .map((slot) => `${weekdayName(slot.day, locale)} ${slot.start}–${slot.end}`)
    .join(', ');
}

/** Spec §2 Prices page: special rates (limited to some days and hours) apart from daily ones. */
export function RateList({
  deviceId,
  serviceId,
  rates,
  unlockFee,
  booking,
}: {
  deviceId: string;
  serviceId: string | undefined;
  rates: RateView[];
  unlockFee: number;
  booking?: BookingSaleQuery;
}) {
  const { t } = useI18n();
  const special = rates.filter((rate) => rate.range.enabled);
  const daily = rates.filter((rate) => !rate.range.enabled);
  if (rates.length === 0)
    return (
      <Alert severity="info" role="note">
        {t('prices.none')}
      </Alert>
    );
  return (
    <Stack spacing={3}>
      {special.length > 0 && (
        <RateGroup
          title={t('prices.special')}
          {...{ deviceId, serviceId, unlockFee, booking }}
          rates={special}
        />
      )}
      {daily.length > 0 && (
        <RateGroup title={t('prices.daily')} {...{ deviceId, serviceId, unlockFee, booking }} rates={daily} />
      )}
    </Stack>
  );
}

function RateGroup({
  title,
  ...props
}: {
  title: string;
  deviceId: string;
  serviceId: string | undefined;
  rates: RateView[];
  unlockFee: number;
  booking?: BookingSaleQuery;
}) {
  return (
    <Box component="section">
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {props.rates.map((rate) => (
          <RateCard key={rate._id} rate={rate} {...props} />
        ))}
      </Stack>
    </Box>
  );
}

function RateCard({
  rate,
  deviceId,
  serviceId,
  unlockFee,
  booking,
}: {
  rate: RateView;
  deviceId: string;
  serviceId: string | undefined;
  unlockFee: number;
  booking?: BookingSaleQuery;
}) {
  const { t, locale } = useI18n();
  const bt = useNamespace(bookingMessages);
  const hours = availableTimesText(rate, locale);
  const headingId = `rate-${rate._id}`;
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={1.5}>
        <Box>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, alignItems: 'baseline' }}>
            <Typography
              id={headingId}
              component="h3"
              sx={{ fontWeight: 600, fontSize: '1.05rem', minWidth: 0 }}
            >
              {rate.name}
            </Typography>
            <Typography sx={{ fontWeight: 700, fontSize: '1.2rem', flexShrink: 0 }}>
              {formatMoney(rate.amount, rate.currency, locale)}
            </Typography>
          </Box>
          {unlockFee > 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'right' }}>
              {t('prices.unlockFee', { fee: formatMoney(unlockFee, rate.currency, locale) })}
            </Typography>
          )}
          {rate.desc && <Typography color="text.secondary">{rate.desc}</Typography>}
          {rate.duration > 0 && <Typography>{formatMinutes(rate.duration, locale)}</Typography>}
        </Box>
        {!rate.availableNow && (
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {booking ? bt('payment.notAtBookingTime') : t('prices.notAvailableNow')}
          </Typography>
        )}
        {hours && <Typography variant="body2">{t('prices.availableAt', { times: hours })}</Typography>}
        {rate.availableNow ? (
          <Button
            variant="contained"
            fullWidth
            aria-label={t('prices.chooseRate', { name: rate.name })}
            {...linkProps(ridePaths.prices(deviceId, { serviceId, ...booking, rate: rate._id }))}
          >
            {t('prices.choose')}
          </Button>
        ) : (
          <Button
            variant="contained"
            fullWidth
            disabled
            aria-label={t('prices.chooseRate', { name: rate.name })}
          >
            {t('prices.choose')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
