import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import type { CartView } from '@fairway/domain';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';

/** The cart's lock state as icon and word; `data-state` lets tests read it in any language. */
export function LockStateLabel({ cart, testId }: { cart: CartView; testId: string }) {
  const { t } = useTranslation();
  const locked = cart.lockStatus === 1;
  return (
    <Box
      component="span"
      data-testid={testId}
      data-state={locked ? 'locked' : 'unlocked'}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        color: locked ? 'text.secondary' : 'warning.dark',
        whiteSpace: 'nowrap',
      }}
    >
      {locked ? <LockIcon fontSize="small" aria-hidden /> : <LockOpenIcon fontSize="small" aria-hidden />}
      {locked ? t('commands.locked') : t('commands.unlocked')}
    </Box>
  );
}
