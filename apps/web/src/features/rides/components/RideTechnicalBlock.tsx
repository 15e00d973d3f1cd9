import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import type { RideDetail } from '@fairway/domain';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/notifications';
import { RideFact, RideFacts } from './RideFact';

interface RideTechnicalBlockProps {
  ride: Pick<RideDetail, '_id' | 'points' | 'status'>;
  hiRes: boolean;
  /** true while the other resolution of the trail is on its way */
  switching: boolean;
  onHiResChange: (hiRes: boolean) => void;
}

/**
 * The admin's technical block (spec §2 Rides, §6): how many positions the ride has, its id to quote to
 * support, and the trail at full resolution.
 */
export function RideTechnicalBlock({ ride, hiRes, switching, onHiResChange }: RideTechnicalBlockProps) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const hintId = useId();

  const copyId = async () => {
    try {
      // Not every browser offers the clipboard (an insecure origin, an old one): say so rather than fail silently.
      if (!navigator.clipboard) throw new Error('No clipboard');
      await navigator.clipboard.writeText(ride._id);
      showToast(t('rides.detail.copied'), 'success');
    } catch {
      showToast(t('rides.detail.copyFailed'), 'error');
    }
  };

  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      data-testid="ride-technical"
      sx={{ mt: 2, pt: 1.5, borderTop: 1, borderColor: 'divider' }}
    >
      <Typography id={headingId} component="h4" variant="overline" sx={{ color: 'text.secondary' }}>
        {t('rides.detail.technical')}
      </Typography>
      <RideFacts>
        <RideFact label={t('rides.detail.points')}>
          {ride.points === null ? (
            <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
              {/* Counted when a ride ends: an ended ride without a count has none to come. */}
              {ride.status === 'ended'
                ? t('rides.detail.pointsNotRecorded')
                : t('rides.detail.pointsWhenEnded')}
            </Box>
          ) : (
            new Intl.NumberFormat(i18n.resolvedLanguage).format(ride.points)
          )}
        </RideFact>
        <RideFact label={t('rides.detail.rideId')} wide>
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            <Box
              component="span"
              sx={{ fontFamily: 'monospace', fontSize: '0.85em', overflowWrap: 'anywhere' }}
              data-testid="ride-id"
            >
              {ride._id}
            </Box>
            <Tooltip title={t('rides.detail.copyId')}>
              <IconButton size="small" aria-label={t('rides.detail.copyId')} onClick={() => void copyId()}>
                <ContentCopyIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </Stack>
        </RideFact>
      </RideFacts>
      <FormControlLabel
        sx={{ mt: 1 }}
        label={t('rides.detail.hiRes')}
        disabled={switching}
        control={
          <Switch
            checked={hiRes}
            onChange={(event) => onHiResChange(event.target.checked)}
            slotProps={{ input: { 'aria-describedby': hintId } }}
            data-testid="ride-hires"
          />
        }
      />
      <Typography id={hintId} variant="body2" sx={{ color: 'text.secondary' }}>
        {t('rides.detail.hiResHint')}
      </Typography>
    </Box>
  );
}
