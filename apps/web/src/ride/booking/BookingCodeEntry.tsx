import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GuestBookingView } from '@fairway/domain';
import { useState } from 'react';
import { CodeSheet } from '../components/CodeSheet';
import { useI18n, useNamespace } from '../i18n/I18nProvider';
import { bookingApi } from './booking-api';
import { bookingErrorText, isBookingNotFound } from './booking-errors';
import { bookingMessages } from './locales';

/**
 * The booking page without its code (spec §2: the code typed must equal the booking's): the code sheet
 * opens at once; a wrong code and an unknown booking both read 'Booking not found'. `lost`: the code this
 * tab held was refused (the booking is gone, or the code was wrong), which the page says before asking.
 */
export function BookingCodeEntry({
  bookingId,
  lost,
  onAccept,
}: {
  bookingId: string;
  lost: boolean;
  onAccept: (code: string, view: GuestBookingView) => void;
}) {
  const { t } = useI18n();
  const bt = useNamespace(bookingMessages);
  const [open, setOpen] = useState(!lost);
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography variant="h4" component="h1">
        {bt('page.title')}
      </Typography>
      {lost ? (
        <Alert severity="error" role="alert" sx={{ alignSelf: 'stretch' }}>
          {bt('refusals.bookingNotFound')}. {bt('code.notFoundText')}
        </Alert>
      ) : (
        <Typography>{bt('code.needed')}</Typography>
      )}
      <Button variant="contained" size="large" onClick={() => setOpen(true)}>
        {bt('code.open')}
      </Button>
      {open && (
        <CodeSheet
          title={bt('code.title')}
          text={bt('code.text')}
          submitLabel={bt('code.submit')}
          onClose={() => setOpen(false)}
          onSubmit={async (code) => onAccept(code, await bookingApi.view(bookingId, code))}
          refusalOf={(failure) => ({
            text: bookingErrorText(t, bt, failure),
            wrongCode: isBookingNotFound(failure),
          })}
        />
      )}
    </Stack>
  );
}
