import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GuestBookingView } from '@fairway/domain';
import { useEffect, useState, type ReactNode } from 'react';
import { isGuestApiError } from '../api/http';
import { LoadingSpinner } from '../components/States';
import { useI18n, useNamespace } from '../i18n/I18nProvider';
import type { Translate } from '../i18n/translator';
import { saveSession } from '../lib/ride-storage';
import { useCountdown } from '../lib/use-countdown';
import { linkProps, navigate } from '../router/navigation';
import { ridePaths } from '../router/routes';
import { bookingApi } from './booking-api';
import { bookingErrorText } from './booking-errors';
import { formatClubInstant, formatCountdown } from './booking-format';
import { bookingMessages, type BookingMessages } from './locales';
import type { PaymentLanding } from './use-payment-landing';
import type { GuestBooking } from './use-guest-booking';

interface PanelProps {
  booking: GuestBooking;
  view: GuestBookingView;
  code: string;
  timeZone: string;
  payment: PaymentLanding;
}

/** What the guest can do with the booking now: one panel per state the server named (spec §2, §4). */
export function BookingStatePanel(props: PanelProps) {
  const { view } = props;
  switch (view.state) {
    case 'expired':
      return <ExpiredPanel />;
    case 'active':
      return <ActivePanel {...props} />;
    case 'prePaid':
      return <PrePaidPanel {...props} />;
    case 'paymentRequired':
      return <PaymentPanel {...props} />;
  }
}

function Panel({ state, title, children }: { state: string; title: string; children: ReactNode }) {
  return (
    <Paper
      component="section"
      variant="outlined"
      data-state={state}
      aria-labelledby="booking-state-title"
      sx={{ p: 2 }}
    >
      <Stack spacing={2}>
        <Typography id="booking-state-title" variant="h6" component="h2">
          {title}
        </Typography>
        {children}
      </Stack>
    </Paper>
  );
}

function ExpiredPanel() {
  const bt = useNamespace(bookingMessages);
  return (
    <Panel state="expired" title={bt('expired.title')}>
      <Alert severity="warning" role="note">
        {bt('expired.text')}
      </Alert>
    </Panel>
  );
}

/** An action's refusal, said where the button is. */
function Refusal({ text }: { text: string | null }) {
  return text ? (
    <Alert severity="error" role="alert">
      {text}
    </Alert>
  ) : null;
}

/**
 * The booking's ride is open: lock the cart (the ride pauses) or unlock it again, and the ride's own page.
 * The ride is this phone's now, so the cart page leads back to it.
 */
function ActivePanel({ booking, view, code }: PanelProps) {
  const { t } = useI18n();
  const bt = useNamespace(bookingMessages);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { session, deviceId, cartLocked } = view;

  useEffect(() => {
    if (session) saveSession({ sessionId: session, deviceId });
  }, [session, deviceId]);

  async function toggle() {
    setBusy(true);
    setRefusal(null);
    try {
      booking.apply(await bookingApi.toggleLock(view._id, code, cartLocked ? 'unlocked' : 'locked'));
    } catch (failure) {
      setRefusal(toggleRefusal(t, bt, failure, cartLocked));
      // Already locked or unlocked (another phone, the operator): show the cart as it is.
      booking.refresh();
    } finally {
      setBusy(false);
    }
  }

  return (
    <Panel state="active" title={bt('active.title')}>
      <Typography role="status">{cartLocked ? bt('active.locked') : bt('active.unlocked')}</Typography>
      <Refusal text={refusal} />
      <Button
        variant={cartLocked ? 'contained' : 'outlined'}
        size="large"
        fullWidth
        loading={busy}
        onClick={() => void toggle()}
      >
        {cartLocked ? bt('active.unlock') : bt('active.lock')}
      </Button>
      {session && (
        <Button variant="text" {...linkProps(ridePaths.session(deviceId, session))}>
          {bt('active.toRide')}
        </Button>
      )}
    </Panel>
  );
}

/** Spec §8: a lock toggle the cart never confirmed reads 'Cart could not be locked/unlocked'. */
function toggleRefusal(
  t: Translate,
  bt: Translate<BookingMessages>,
  failure: unknown,
  unlocking: boolean,
): string {
  if (isGuestApiError(failure) && failure.code === 'cartDidNotAnswer')
    return unlocking ? bt('refusals.unlockFailed') : bt('refusals.lockFailed');
  // The open ride is gone or not yet confirmed: the ride's own words, not the unlock route's.
  if (isGuestApiError(failure) && failure.code === 'notActive') return t('refusals.notActive');
  return bookingErrorText(t, bt, failure);
}

/**
 * Paid: the cart unlocks from `unlockFrom` (the start plus the club's offset) until the end. Before then a
 * countdown on the server's clock; when it reaches zero the booking is read again and the button enables
 * without a reload.
 */
function PrePaidPanel({ booking, view, code, timeZone }: PanelProps) {
  const { t, locale } = useI18n();
  const bt = useNamespace(bookingMessages);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { refresh, offsetMs } = booking;
  const opensAt = Date.parse(view.unlockFrom);
  // The server saw the window open already: nothing to count down.
  const openOnServer = Date.parse(view.serverTime) >= opensAt;
  const secondsLeft = useCountdown(openOnServer ? null : opensAt - offsetMs);
  const open = openOnServer || secondsLeft === 0;

  useEffect(() => {
    if (!openOnServer && secondsLeft === 0) refresh();
  }, [openOnServer, secondsLeft, refresh]);

  async function unlock() {
    setBusy(true);
    setRefusal(null);
    try {
      const { session } = await bookingApi.unlock(view._id, code);
      saveSession({ sessionId: session, deviceId: view.deviceId });
      navigate(ridePaths.session(view.deviceId, session));
    } catch (failure) {
      setRefusal(bookingErrorText(t, bt, failure));
      setBusy(false);
      refresh();
    }
  }

  return (
    <Panel state="prePaid" title={bt('prePaid.title')}>
      <Typography>
        {bt('prePaid.accessFrom', { time: formatClubInstant(view.unlockFrom, locale, timeZone) })}
      </Typography>
      {open ? (
        <Typography role="status">{bt('prePaid.open')}</Typography>
      ) : (
        <Typography
          role="timer"
          aria-live="off"
          data-testid="booking-countdown"
          sx={{ fontSize: '1.4rem', fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}
        >
          {bt('prePaid.opensIn', { time: formatCountdown(secondsLeft, locale) })}
        </Typography>
      )}
      <Refusal text={refusal} />
      <Button
        variant="contained"
        size="large"
        fullWidth
        disabled={!open}
        loading={busy}
        onClick={() => void unlock()}
      >
        {bt('prePaid.unlock')}
      </Button>
    </Panel>
  );
}

/** Not paid yet: the prices page of the booking's service, then the card provider, then back here. */
function PaymentPanel({ view, code, payment }: PanelProps) {
  const { t } = useI18n();
  const bt = useNamespace(bookingMessages);
  return (
    <Panel state="paymentRequired" title={bt('payment.title')}>
      {payment.checking ? (
        <LoadingSpinner label={bt('payment.checking')} />
      ) : (
        <>
          {payment.refused && (
            <Alert severity={payment.refused === 'failed' ? 'error' : 'warning'} role="alert">
              {payment.refused === 'failed' ? t('payment.failed') : t('payment.cancelled')}
            </Alert>
          )}
          <Alert severity="info" role="note">
            {bt('payment.text')}
          </Alert>
          <Button
            variant="contained"
            size="large"
            fullWidth
            {...linkProps(
              ridePaths.prices(view.deviceId, {
                serviceId: view.serviceId ?? undefined,
                bookingId: view._id,
                reservationCode: code,
              }),
            )}
          >
            {bt('payment.pay')}
          </Button>
        </>
      )}
    </Panel>
  );
}
