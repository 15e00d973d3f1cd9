import type { RideView } from '@fairway/domain';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

/**
 * Dot colours of an open ride: the in-use amber of the map's markers for a running ride, a calm grey for a
 * paused one (the cart is locked), a blue for one still waiting for the cart to confirm the unlock. The
 * label carries the meaning; the dot only repeats it, so the text keeps its full contrast.
 */
const DOT = { active: '#f9a825', paused: '#78909c', awaiting: '#1e88e5' } as const;

type OpenState = keyof typeof DOT;

function openState(ride: Pick<RideView, 'status' | 'confirmed'>): OpenState | null {
  if (ride.status === 'ended') return null;
  if (ride.status === 'paused') return 'paused';
  return ride.confirmed ? 'active' : 'awaiting';
}

/** Active, Paused or Waiting for the cart, for an open ride; nothing for one that ended. */
export function RideStatusBadge({ ride }: { ride: Pick<RideView, 'status' | 'confirmed'> }) {
  const { t } = useTranslation();
  const state = openState(ride);
  if (!state) return null;
  return (
    <Chip
      size="small"
      variant="outlined"
      label={t(`rides.status.${state}`)}
      data-testid="ride-status"
      data-state={state}
      sx={{
        borderColor: DOT[state],
        color: 'text.primary',
        fontWeight: 500,
        '&::before': { content: '""', width: 8, height: 8, borderRadius: '50%', bgcolor: DOT[state], ml: 1 },
      }}
    />
  );
}
