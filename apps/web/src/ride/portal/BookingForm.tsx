import type { GuestKeyServices, PublicSite } from '@fairway/domain';
import { applicablePrice, clockAt } from '@fairway/domain/rules/price-rules';
import StarIcon from '@mui/icons-material/Star';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { isGuestApiError } from '../api/http';
import { ErrorPanel } from '../components/States';
import { useI18n, useNamespace } from '../i18n/I18nProvider';
import { rememberBookingCode } from '../lib/guest-codes';
import { formatMinutes } from '../lib/format';
import { useResource } from '../lib/use-resource';
import { navigate } from '../router/navigation';
import { ridePaths } from '../router/routes';
import { ChoiceGroup } from './ChoiceGroup';
import { Facts, formatClubTime } from './Facts';
import { keyPageMessages } from './key-locales';
import { portalMessages } from './locales';
import { portalApi } from './portal-api';
import { portalErrorText } from './portal-errors';
import { BOOKING_IDLE_MS, useIdleExpiry } from './use-idle';

type Service = GuestKeyServices['services'][number];
type Choice = { service: Service; price: Service['prices'][number]; affordable: boolean };

/** Refusals after which the carts are read again (the chosen one was taken, or the start moved on). */
const RELOAD_CARTS = new Set(['overlap', 'timesChanged', 'IN_USE', 'outOfService', 'cartNotFound']);
/** … and after which the services are (the price no longer applies). */
const RELOAD_SERVICES = new Set(['priceNotApplicable', 'serviceNotFound']);

/**
 * Spec §2 Booking form, below the virtual key: a service (only those with an applicable price for the key's
 * holder now, by the domain rule the server books with; disabled when the credits do not cover it), a
 * free cart (recommended first), the summary and 'book now'. Three idle minutes expire the form; OK starts
 * it again with fresh services and carts.
 */
export function BookingForm({ site, code }: { site: PublicSite; code: string }) {
  const [run, setRun] = useState(0);
  return <BookingSteps key={run} site={site} code={code} onRestart={() => setRun((value) => value + 1)} />;
}

function BookingSteps({ site, code, onRestart }: { site: PublicSite; code: string; onRestart: () => void }) {
  const { t, locale } = useI18n();
  const tp = useNamespace(portalMessages);
  const tk = useNamespace(keyPageMessages);
  const [serviceId, setServiceId] = useState<string | null>(null);
  const [cartId, setCartId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const expired = useIdleExpiry(BOOKING_IDLE_MS, !busy);

  const services = useResource(`services:${site._id}`, (signal) =>
    portalApi.keyServices(site._id, code, signal),
  );
  const choices = useMemo(() => (services.data ? bookable(services.data) : []), [services.data]);
  const choice = choices.find((entry) => entry.service._id === serviceId) ?? null;
  const carts = useResource(serviceId && choice ? `carts:${serviceId}` : null, (signal) =>
    portalApi.keyCarts(site._id, code, serviceId!, signal),
  );
  const cartList = useMemo(() => sortCarts(carts.data?.carts ?? []), [carts.data]);
  const cart = cartList.find((entry) => entry._id === cartId) ?? null;

  const cartName = (number: string | null) =>
    number ? tk('book.cartNumber', { number }) : tk('book.cartNoNumber');

  async function book() {
    if (!choice || !cart || !carts.data) return;
    setBusy(true);
    setFailure(null);
    try {
      const created = await portalApi.book({
        siteId: site._id,
        code,
        serviceId: choice.service._id,
        priceId: choice.price._id,
        deviceId: cart._id,
        start: carts.data.start,
        end: carts.data.end,
      });
      rememberBookingCode(created.bookingId, created.code);
      navigate(ridePaths.rideBooking(created.deviceId, created.bookingId, created.code));
    } catch (error) {
      setFailure(error);
      setBusy(false);
      const refusal = isGuestApiError(error) ? (error.code ?? '') : '';
      if (RELOAD_SERVICES.has(refusal)) {
        setServiceId(null);
        setCartId(null);
        services.reload();
      } else if (RELOAD_CARTS.has(refusal)) {
        setCartId(null);
        carts.reload();
      }
    }
  }

  let body;
  if (services.error) body = <ErrorPanel error={services.error} onRetry={services.reload} />;
  else if (!services.data) body = <Skeleton variant="rounded" height={120} />;
  else if (choices.length === 0) body = <Alert severity="info">{tk('book.noServices')}</Alert>;
  else
    body = (
      <Stack spacing={3}>
        <ChoiceGroup
          title={tk('book.service')}
          value={serviceId}
          onChange={(value) => {
            setServiceId(value);
            setCartId(null);
            setFailure(null);
          }}
          options={choices.map(({ service, price, affordable }) => ({
            value: service._id,
            disabled: !affordable,
            label: (
              <Box component="span" sx={{ display: 'flex', flexDirection: 'column' }}>
                <Box component="span" sx={{ fontWeight: 600 }}>
                  {service.name}
                </Box>{' '}
                <Box component="span" sx={{ color: 'text.secondary' }}>
                  {tk('book.serviceCredits', {
                    duration: formatMinutes(service.duration, locale),
                    credits: price.credits ?? 0,
                  })}
                </Box>
                {!affordable && (
                  <>
                    {' '}
                    <Box component="span" sx={{ color: 'error.main' }}>
                      {tk('book.notEnough')}
                    </Box>
                  </>
                )}
              </Box>
            ),
          }))}
        />
        {choice &&
          (carts.error ? (
            <ErrorPanel error={carts.error} onRetry={carts.reload} />
          ) : !carts.data ? (
            <Skeleton variant="rounded" height={96} />
          ) : cartList.length === 0 ? (
            <Alert severity="info">{tk('book.noCarts')}</Alert>
          ) : (
            <ChoiceGroup
              title={tk('book.cart')}
              value={cartId}
              onChange={(value) => {
                setCartId(value);
                setFailure(null);
              }}
              options={cartList.map((entry) => ({
                value: entry._id,
                label: (
                  <Box
                    component="span"
                    sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}
                  >
                    <span>{cartName(entry.carNumber)}</span>
                    {entry.recommended && (
                      <>
                        {' '}
                        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
                          <StarIcon aria-hidden fontSize="small" sx={{ color: 'warning.dark' }} />
                          {tk('book.recommended')}
                        </Box>
                      </>
                    )}
                  </Box>
                ),
              }))}
            />
          ))}
        {choice && cart && carts.data && (
          <Box component="section" aria-labelledby="book-summary">
            <Typography id="book-summary" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
              {tk('book.summary')}
            </Typography>
            <Facts
              rows={[
                [tk('book.start'), formatClubTime(carts.data.start, locale, site.timezone)],
                [tk('book.end'), formatClubTime(carts.data.end, locale, site.timezone)],
                [tk('book.duration'), formatMinutes(choice.service.duration, locale)],
                [tk('book.credits'), String(choice.price.credits ?? 0)],
                [tk('book.serviceName'), choice.service.name],
                [tk('book.price'), choice.price.name],
                [tk('book.cartLabel'), cartName(cart.carNumber)],
              ]}
            />
          </Box>
        )}
        {failure !== null && (
          <Alert severity="error" role="alert">
            {portalErrorText(tp, t, failure)}
          </Alert>
        )}
        {choice && cart && (
          <Button variant="contained" size="large" fullWidth loading={busy} onClick={() => void book()}>
            {tk('book.bookNow')}
          </Button>
        )}
      </Stack>
    );

  return (
    <Box component="section" aria-labelledby="book-title">
      <Typography id="book-title" variant="h5" component="h2" sx={{ mb: 2 }}>
        {tk('book.title')}
      </Typography>
      {body}
      <Dialog
        open={expired}
        aria-labelledby="book-expired-title"
        aria-describedby="book-expired-text"
        role="alertdialog"
      >
        <DialogTitle id="book-expired-title">{tk('book.expiredTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText id="book-expired-text">{tk('book.expiredText')}</DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button variant="contained" onClick={onRestart} autoFocus>
            {tk('book.ok')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

/**
 * Spec §4 Service applicability on the server's clock (the answer's `serverTime`, in the club's zone): a
 * service without an applicable price is left out; the price it would book at, and whether it is covered.
 */
function bookable(answer: GuestKeyServices): Choice[] {
  const now = clockAt(Date.parse(answer.serverTime), answer.timezone);
  return answer.services.flatMap((service) => {
    const found = applicablePrice(service.prices, answer.holder, now);
    return found ? [{ service, price: found.price, affordable: found.affordable }] : [];
  });
}

/** Recommended first, then by number (spec §2); the server answers so already, the page keeps the promise. */
function sortCarts<C extends { carNumber: string | null; recommended: boolean }>(carts: C[]): C[] {
  return [...carts].sort(
    (a, b) =>
      Number(b.recommended) - Number(a.recommended) ||
      (a.carNumber ?? '').localeCompare(b.carNumber ?? '', undefined, { numeric: true }),
  );
}
