import BuildIcon from '@mui/icons-material/Build';
import EventIcon from '@mui/icons-material/Event';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import type { CartView } from '@fairway/domain';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';

/**
 * The cart's display lock status (spec §4: unlocked, maintenance, booked, locked) as icon and word; the lock
 * itself comes from the cart's state, the booking part from the server's view. `data-state` lets tests read
 * it in any language.
 */
export function LockStateLabel({ cart, testId }: { cart: CartView; testId: string }) {
  const { t } = useTranslation();
  const state =
    cart.lockStatus === 0
      ? 'unlocked'
      : cart.displayLockStatus === 'unlocked'
        ? 'locked'
        : cart.displayLockStatus;
  const icon = {
    unlocked: <LockOpenIcon fontSize="small" aria-hidden />,
    locked: <LockIcon fontSize="small" aria-hidden />,
    booked: <EventIcon fontSize="small" aria-hidden />,
    maintenance: <BuildIcon fontSize="small" aria-hidden />,
  }[state];
  return (
    <Box
      component="span"
      data-testid={testId}
      data-state={state}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        color:
          state === 'unlocked' ? 'warning.dark' : state === 'booked' ? 'secondary.dark' : 'text.secondary',
        whiteSpace: 'nowrap',
      }}
    >
      {icon}
      {state === 'locked' || state === 'unlocked' ? t(`commands.${state}`) : t(`fleet.lockStatus.${state}`)}
    </Box>
  );
}
