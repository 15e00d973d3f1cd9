import type { CartView } from '@fairway/domain';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/**
 * What was sent to the cart but not yet confirmed by it (issue #3: queued while the cart is offline and
 * delivered when it reconnects): lock state, device settings, site settings, codes.
 */
export function PendingUpdateChips({ updates }: { updates: CartView['updates'] }) {
  const { t } = useTranslation();
  if (updates.length === 0) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('fleet.pending.none')}
      </Typography>
    );
  }
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
      {updates.map((update) => (
        <Tooltip key={update} title={t(`fleet.pending.hints.${update}`)}>
          <Chip size="small" variant="outlined" color="info" label={t(`fleet.pending.labels.${update}`)} />
        </Tooltip>
      ))}
    </Stack>
  );
}
