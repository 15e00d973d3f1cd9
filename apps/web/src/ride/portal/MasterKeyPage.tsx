import type { GuestMasterCart, GuestMasterCarts, PublicSite } from '@fairway/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { Fragment, useState } from 'react';
import { isNotFound } from '../api/errors';
import { ErrorPanel } from '../components/States';
import { useI18n, useNamespace } from '../i18n/I18nProvider';
import { useResource } from '../lib/use-resource';
import { NotFoundPage } from '../RideApp';
import { keyPageMessages } from './key-locales';
import { portalMessages } from './locales';
import { PortalFrame, PortalLoading } from './PortalFrame';
import { portalApi } from './portal-api';
import { portalErrorText } from './portal-errors';
import { usePortalSite } from './portal-site';
import { KeyFailedPanel, useForgetRefusedKey, useStoredKey } from './stored-key';
import { useLockToggle, type LockOutcome } from './use-lock-toggle';

/**
 * /guest/site/{id}/master-key/{keyId} — the club's carts for a master code: lock or unlock any of them,
 * booked or not, the club open or closed (spec §2 Master key page; no closed card here).
 */
export default function MasterKeyPage({ siteId, virtualKeyId }: { siteId: string; virtualKeyId: string }) {
  const { t } = useI18n();
  const code = useStoredKey('master', siteId, virtualKeyId);
  const site = usePortalSite(siteId);
  const carts = useResource(code ? `master:${siteId}:${virtualKeyId}` : null, (signal) =>
    portalApi.masterCarts(siteId, code!, signal),
  );
  const refused = useForgetRefusedKey('master', siteId, virtualKeyId, carts.error);

  if (isNotFound(site.error)) return <NotFoundPage />;
  if (!code) return <PortalLoading />;
  if (refused)
    return (
      <PortalFrame site={site.data} title={t('errors.title')} inner>
        <KeyFailedPanel siteId={siteId} error={carts.error} />
      </PortalFrame>
    );
  if (site.error || carts.error)
    return (
      <PortalFrame site={site.data} title={t('errors.title')} inner>
        <ErrorPanel
          error={site.error ?? carts.error}
          onRetry={() => (site.error ? site.reload() : carts.reload())}
        />
      </PortalFrame>
    );
  if (!site.data || !carts.data) return <PortalLoading site={site.data} />;
  return <MasterCarts site={site.data} code={code} first={carts.data} />;
}

const byNumber = (a: GuestMasterCart, b: GuestMasterCart) =>
  (a.carNumber ?? '').localeCompare(b.carNumber ?? '', undefined, { numeric: true });

function MasterCarts({ site, code, first }: { site: PublicSite; code: string; first: GuestMasterCarts }) {
  const tk = useNamespace(keyPageMessages);
  const [carts, setCarts] = useState(first.carts);
  const [cartId, setCartId] = useState<string | null>(null);
  const lock = useLockToggle(site._id, code, (answer) => setCarts(answer.carts));
  const sorted = [...carts].sort(byNumber);
  const chosen = sorted.find((cart) => cart._id === cartId) ?? null;
  const cartName = (cart: GuestMasterCart) =>
    cart.carNumber ? tk('book.cartNumber', { number: cart.carNumber }) : tk('book.cartNoNumber');

  return (
    <PortalFrame site={site} title={tk('master.title')} inner>
      <Stack spacing={3}>
        <Stack spacing={1}>
          <Typography variant="h5" component="h1">
            {tk('master.title')}
          </Typography>
          <Typography color="text.secondary">{tk('master.intro')}</Typography>
        </Stack>
        {sorted.length === 0 ? (
          <Alert severity="info">{tk('master.noCarts')}</Alert>
        ) : (
          <ToggleButtonGroup
            aria-label={tk('master.intro')}
            orientation="vertical"
            exclusive
            fullWidth
            color="primary"
            value={cartId}
            sx={{ bgcolor: 'background.paper' }}
            onChange={(_event, value: string | null) => {
              if (!value || lock.busy) return;
              setCartId(value);
              lock.clear();
            }}
          >
            {sorted.map((cart) => (
              <ToggleButton
                key={cart._id}
                value={cart._id}
                sx={{
                  justifyContent: 'space-between',
                  gap: 1,
                  flexWrap: 'wrap',
                  textAlign: 'left',
                  color: 'text.primary',
                }}
              >
                <span>{cartName(cart)}</span> <CartChips cart={cart} />
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        )}
        {chosen && (
          <Paper variant="outlined" component="section" aria-labelledby="master-chosen" sx={{ p: 2 }}>
            <Stack spacing={2}>
              <Typography id="master-chosen" variant="h6" component="h2">
                {cartName(chosen)}
              </Typography>
              <OutcomeAlert outcome={lock.outcome} name={cartName} />
              <Button
                variant="contained"
                size="large"
                fullWidth
                loading={lock.busy}
                onClick={() => void lock.toggle(chosen)}
              >
                {chosen.locked ? tk('master.unlock') : tk('master.lock')}
              </Button>
            </Stack>
          </Paper>
        )}
      </Stack>
    </PortalFrame>
  );
}

/** What the last lock or unlock came to (spec §4 Lock toggle, §8 texts). */
function OutcomeAlert({
  outcome,
  name,
}: {
  outcome: LockOutcome | null;
  name: (cart: GuestMasterCart) => string;
}) {
  const { t } = useI18n();
  const tp = useNamespace(portalMessages);
  const tk = useNamespace(keyPageMessages);
  if (!outcome) return null;
  switch (outcome.kind) {
    case 'working':
      return (
        <Alert severity="info" role="status">
          {outcome.target === 'unlocked' ? tk('master.unlocking') : tk('master.locking')}
        </Alert>
      );
    case 'done':
      return (
        <Alert severity="success" role="status">
          {tk(outcome.target === 'unlocked' ? 'master.unlockedDone' : 'master.lockedDone', {
            number: outcome.cart.carNumber ?? name(outcome.cart),
          })}
        </Alert>
      );
    case 'timeout':
      return (
        <Alert severity="error" role="alert">
          {outcome.target === 'unlocked' ? tk('master.couldNotUnlock') : tk('master.couldNotLock')}
        </Alert>
      );
    case 'refused':
      return (
        <Alert severity="error" role="alert">
          {portalErrorText(tp, t, outcome.error)}
        </Alert>
      );
  }
}

/** Spec §4 Display lock status and the cart's connection, as chips beside its number. */
function CartChips({ cart }: { cart: GuestMasterCart }) {
  const tk = useNamespace(keyPageMessages);
  const chips: { label: string; color: 'success' | 'default' | 'warning' | 'info' }[] = [
    cart.online
      ? { label: tk('master.online'), color: 'success' }
      : { label: tk('master.offline'), color: 'default' },
  ];
  if (cart.displayLockStatus === 'booked') chips.push({ label: tk('master.booked'), color: 'info' });
  if (cart.displayLockStatus === 'maintenance')
    chips.push({ label: tk('master.maintenance'), color: 'warning' });
  chips.push({ label: cart.locked ? tk('master.locked') : tk('master.unlocked'), color: 'default' });
  if (cart.keyMode) chips.push({ label: tk('master.keyMode'), color: 'warning' });
  return (
    <Box component="span" sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      {chips.map((chip) => (
        // The space keeps the labels apart in the row's accessible name ('Cart 2 Online Booked Locked').
        <Fragment key={chip.label}>
          {' '}
          <Chip component="span" size="small" label={chip.label} color={chip.color} />
        </Fragment>
      ))}
    </Box>
  );
}
