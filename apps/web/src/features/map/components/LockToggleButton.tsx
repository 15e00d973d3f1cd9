import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import type { CartView } from '@fairway/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useLockToggle } from '../../commands';

/**
 * Lock or unlock the selected cart. A disabled button says why in its tooltip and, for touch screens
 * where tooltips do not show, in a line below.
 */
export function LockToggleButton({ cart }: { cart: CartView }) {
  const { t } = useTranslation();
  const { toggle, pending, disabledReason } = useLockToggle(cart);
  const locked = cart.lockStatus === 1;
  const button = (
    <Button
      variant="contained"
      fullWidth
      // Busy is not disabled: a disabled button would drop keyboard focus; it ignores clicks instead.
      onClick={pending ? undefined : toggle}
      disabled={disabledReason !== null}
      aria-disabled={pending || undefined}
      startIcon={
        pending ? <CircularProgress size={18} color="inherit" /> : locked ? <LockOpenIcon /> : <LockIcon />
      }
      data-testid="map-lock-toggle"
      data-state={locked ? 'locked' : 'unlocked'}
      aria-busy={pending}
    >
      {locked ? t('map.sheet.unlockAction') : t('map.sheet.lockAction')}
    </Button>
  );
  if (!disabledReason) return button;
  return (
    <Box>
      <Tooltip title={disabledReason}>
        {/* A disabled button fires no pointer events; the wrapper lets the tooltip show. */}
        <Box component="span" sx={{ display: 'block' }}>
          {button}
        </Box>
      </Tooltip>
      <Typography variant="caption" color="text.secondary" sx={{ display: { md: 'none' } }}>
        {disabledReason}
      </Typography>
    </Box>
  );
}
