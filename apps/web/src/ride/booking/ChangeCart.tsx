import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import type { GuestBookingView } from '@fairway/domain';
import { useId, useState } from 'react';
import { ErrorPanel, LoadingSpinner } from '../components/States';
import { useI18n, useNamespace } from '../i18n/I18nProvider';
import { cartTitle } from '../lib/cart-title';
import { useResource } from '../lib/use-resource';
import { bookingApi } from './booking-api';
import { bookingErrorText } from './booking-errors';
import { bookingMessages } from './locales';

/** Spec §2: each cart of the change-cart list is 64 px tall. */
export const CART_ITEM_HEIGHT = 64;

type Step = 'closed' | 'confirm' | 'choose';

/**
 * 'Problem with cart?' (spec §2 Booking page): a confirmation, then the carts free for the booking's time
 * except its own; choosing one moves the booking there and the page shows it on its new cart.
 */
export function ChangeCart({
  bookingId,
  code,
  onMoved,
}: {
  bookingId: string;
  code: string;
  onMoved: (view: GuestBookingView) => void;
}) {
  const bt = useNamespace(bookingMessages);
  const id = useId();
  const [step, setStep] = useState<Step>('closed');
  const [moved, setMoved] = useState<string | null>(null);
  return (
    <>
      {moved && (
        <Alert severity="success" role="status">
          {moved}
        </Alert>
      )}
      <Button
        variant="text"
        sx={{ alignSelf: 'flex-start' }}
        onClick={() => {
          setMoved(null);
          setStep('confirm');
        }}
      >
        {bt('changeCart.open')}
      </Button>
      <Dialog
        open={step === 'confirm'}
        onClose={() => setStep('closed')}
        aria-labelledby={`${id}-confirm`}
        aria-describedby={`${id}-confirm-text`}
        fullWidth
        maxWidth="xs"
      >
        <DialogTitle id={`${id}-confirm`}>{bt('changeCart.confirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText id={`${id}-confirm-text`}>{bt('changeCart.confirmText')}</DialogContentText>
        </DialogContent>
        <ConfirmActions onCancel={() => setStep('closed')} onConfirm={() => setStep('choose')} />
      </Dialog>
      {step === 'choose' && (
        <CartChoice
          bookingId={bookingId}
          code={code}
          onClose={() => setStep('closed')}
          onMoved={(view, text) => {
            onMoved(view);
            setMoved(text);
            setStep('closed');
          }}
        />
      )}
    </>
  );
}

function ConfirmActions({ onCancel, onConfirm }: { onCancel: () => void; onConfirm: () => void }) {
  const { t } = useI18n();
  const bt = useNamespace(bookingMessages);
  return (
    <DialogActions sx={{ px: 3, pb: 2 }}>
      <Button onClick={onCancel}>{t('app.cancel')}</Button>
      <Button variant="contained" onClick={onConfirm}>
        {bt('changeCart.confirm')}
      </Button>
    </DialogActions>
  );
}

/** The list of free carts (mounted while open, so it is fresh each time). */
function CartChoice({
  bookingId,
  code,
  onClose,
  onMoved,
}: {
  bookingId: string;
  code: string;
  onClose: () => void;
  onMoved: (view: GuestBookingView, text: string) => void;
}) {
  const { t } = useI18n();
  const bt = useNamespace(bookingMessages);
  const id = useId();
  const carts = useResource(`carts:${bookingId}`, (signal) =>
    bookingApi.availableCarts(bookingId, code, signal),
  );
  const [moving, setMoving] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  async function choose(device: string) {
    setMoving(device);
    setRefusal(null);
    try {
      const view = await bookingApi.move(bookingId, code, device);
      onMoved(
        view,
        view.carNumber ? bt('changeCart.moved', { number: view.carNumber }) : bt('changeCart.movedNoNumber'),
      );
    } catch (failure) {
      setRefusal(bookingErrorText(t, bt, failure));
      setMoving(null);
      // The cart was taken meanwhile (or another changed): show what is free now.
      carts.reload();
    }
  }

  const list = carts.data?.availableCarts;
  return (
    <Dialog
      open
      onClose={moving ? undefined : onClose}
      aria-labelledby={`${id}-title`}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={`${id}-title`}>{bt('changeCart.title')}</DialogTitle>
      <DialogContent sx={{ px: list?.length ? 1 : 3 }}>
        {refusal && (
          <Alert severity="error" role="alert" sx={{ mx: list?.length ? 2 : 0, mb: 1 }}>
            {refusal}
          </Alert>
        )}
        {carts.error ? (
          <ErrorPanel error={carts.error} onRetry={carts.reload} />
        ) : !list ? (
          <LoadingSpinner />
        ) : list.length === 0 ? (
          <Alert severity="info" role="note">
            {bt('changeCart.empty')}
          </Alert>
        ) : (
          <List aria-labelledby={`${id}-title`}>
            {list.map((cart) => (
              <li key={cart._id}>
                <ListItemButton
                  disabled={moving !== null}
                  onClick={() => void choose(cart._id)}
                  sx={{ minHeight: CART_ITEM_HEIGHT, borderRadius: 1 }}
                >
                  <ListItemText
                    primary={cartTitle(t, { carNumber: cart.carNumber, carName: '' })}
                    slotProps={{ primary: { sx: { fontWeight: 600 } } }}
                  />
                  {cart.keyMode && <Chip size="small" label={bt('changeCart.keyMode')} />}
                  {moving === cart._id && (
                    <CircularProgress size={20} sx={{ ml: 1 }} aria-label={t('app.loading')} />
                  )}
                </ListItemButton>
              </li>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={moving !== null}>
          {t('app.cancel')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
