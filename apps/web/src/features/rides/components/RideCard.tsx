import type { RideView } from '@fairway/domain';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatRideDate, formatRideTime } from '../lib/ride-format';
import { useRideLabels } from '../lib/ride-labels';
import { RideMarkChips } from './RideMarkChips';
import { RideStatusBadge } from './RideStatusBadge';
import { ServiceChip } from './ServiceChip';

interface RideCardProps {
  ride: RideView;
  timeZone: string;
  selected: boolean;
  onToggle: (rideId: string) => void;
}

/**
 * One ride in the list (spec §2 Rides): cart number and name, driver, start date and time on the site's
 * clock, service, and whether it is still open or marked. The card is a toggle button: pressing the
 * selected one again closes the pane.
 */
export function RideCard({ ride, timeZone, selected, onToggle }: RideCardProps) {
  const { t, i18n } = useTranslation();
  const labels = useRideLabels();
  const locale = i18n.resolvedLanguage;
  const date = formatRideDate(ride.start, locale, timeZone);
  const time = formatRideTime(ride.start, locale, timeZone);
  return (
    <Card
      component="li"
      variant="outlined"
      data-testid="ride-card"
      data-ride-id={ride._id}
      sx={{
        flexShrink: 0,
        borderColor: selected ? 'primary.main' : 'divider',
        boxShadow: selected ? (theme) => `inset 0 0 0 1px ${theme.palette.primary.main}` : 'none',
        bgcolor: selected ? 'action.selected' : 'background.paper',
      }}
    >
      <CardActionArea
        aria-pressed={selected}
        onClick={() => onToggle(ride._id)}
        sx={{
          p: 1.5,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'stretch',
          gap: 0.5,
          '&.Mui-focusVisible': { outline: 3, outlineColor: 'primary.main', outlineOffset: -3 },
        }}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
          <Typography component="span" sx={{ fontWeight: 700, flexShrink: 0 }} data-testid="ride-card-cart">
            {labels.cart(ride)}
          </Typography>
          <Typography component="span" variant="body2" noWrap sx={{ color: 'text.secondary', flex: 1 }}>
            {ride.carName}
          </Typography>
          <RideStatusBadge ride={ride} />
        </Stack>
        <Typography
          component="span"
          variant="body2"
          noWrap
          sx={{ color: ride.meta.name ? 'text.primary' : 'text.secondary' }}
          data-testid="ride-card-driver"
        >
          {ride.meta.name ?? t('rides.card.noDriver')}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography
            component="time"
            dateTime={ride.start}
            variant="body2"
            sx={{ color: 'text.secondary', fontVariantNumeric: 'tabular-nums' }}
          >
            <span data-testid="ride-card-date">{date}</span>
            <Box component="span" aria-hidden sx={{ mx: 0.75 }}>
              ·
            </Box>
            <span data-testid="ride-card-time">{time}</span>
          </Typography>
          {ride.service && <ServiceChip service={ride.service} />}
          <RideMarkChips marks={ride.marks} />
        </Stack>
      </CardActionArea>
    </Card>
  );
}
