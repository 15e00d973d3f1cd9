import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import type { GuestBookingView } from '@fairway/domain';
import { useI18n, useNamespace } from '../i18n/I18nProvider';
import { cartTitle } from '../lib/cart-title';
import { formatBookingRange } from './booking-format';
import { bookingMessages } from './locales';

/** When, which cart and service, and for whom: the booking's facts, on the club's clock. */
export function BookingDetails({ view, timeZone }: { view: GuestBookingView; timeZone: string }) {
  const { t, locale } = useI18n();
  const bt = useNamespace(bookingMessages);
  const rows: [string, string][] = [
    [bt('page.when'), formatBookingRange(view.start, view.end, locale, timeZone)],
    [bt('page.cart'), cartTitle(t, { carNumber: view.carNumber, carName: '' })],
  ];
  if (view.serviceName) rows.push([bt('page.service'), view.serviceName]);
  if (view.name) rows.push([bt('page.name'), view.name]);
  if (view.email) rows.push([bt('page.email'), view.email]);
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Box
        component="dl"
        data-testid="booking-details"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'auto minmax(0, 1fr)',
          columnGap: 2,
          rowGap: 1,
          m: 0,
        }}
      >
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Box component="dt" sx={{ color: 'text.secondary' }}>
              {label}
            </Box>
            <Box component="dd" sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}>
              {value}
            </Box>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
