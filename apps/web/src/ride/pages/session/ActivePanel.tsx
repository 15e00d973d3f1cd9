import PauseOutlined from '@mui/icons-material/Pause';
import PlayArrow from '@mui/icons-material/PlayArrow';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GuestRideView } from '@fairway/domain';
import { formatElapsed } from '@fairway/domain/rules/rides';
import { useI18n } from '../../i18n/I18nProvider';
import { tagColors } from '../../lib/color';
import { formatDateTime } from '../../lib/format';
import { DueReminder } from './DueReminder';

export const rideElapsedSeconds = (ride: GuestRideView, serverNow: number): number =>
  Math.max(0, Math.floor((serverNow - Date.parse(ride.start)) / 1000));

/**
 * An open ride (spec §2 Session screen): congratulation and safety message, the driver, the start, the
 * running time (1 s tick), the ride's tags; pause locks the cart while the ride stays open.
 */
export function ActivePanel({
  ride,
  serverNow,
  busy,
  onPause,
  onResume,
}: {
  ride: GuestRideView;
  serverNow: number;
  busy: 'pause' | 'resume' | null;
  onPause: () => void;
  onResume: () => void;
}) {
  const { t, locale } = useI18n();
  const paused = ride.stage === 'paused';
  const driver = ride.meta.name || ride.meta.email;
  return (
    <Stack spacing={3}>
      <Stack spacing={1}>
        <Typography variant="h4" component="h1">
          {paused ? t('session.pausedTitle') : t('session.activeTitle')}
        </Typography>
        {paused ? (
          <Alert severity="warning" role="status">
            {t('session.paused')}
          </Alert>
        ) : (
          <>
            <Typography sx={{ fontSize: '1.1rem' }}>{t('session.congrats')}</Typography>
            <DueReminder ride={ride} serverNow={serverNow} />
            <Alert severity="info" role="note">
              {t('session.safety')}
            </Alert>
          </>
        )}
      </Stack>

      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography
          role="timer"
          aria-label={t('session.elapsed')}
          sx={{
            fontSize: '2.5rem',
            fontWeight: 700,
            fontVariantNumeric: 'tabular-nums',
            textAlign: 'center',
          }}
          data-testid="ride-elapsed"
        >
          {formatElapsed(rideElapsedSeconds(ride, serverNow))}
        </Typography>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'auto minmax(0, 1fr)',
            columnGap: 2,
            rowGap: 0.5,
            m: 0,
            mt: 1,
          }}
        >
          {driver && (
            <>
              <Box component="dt" sx={{ color: 'text.secondary' }}>
                {t('session.driver')}
              </Box>
              <Box component="dd" sx={{ m: 0 }}>
                {driver}
              </Box>
            </>
          )}
          <Box component="dt" sx={{ color: 'text.secondary' }}>
            {t('session.started')}
          </Box>
          <Box component="dd" sx={{ m: 0 }}>
            {formatDateTime(ride.start, locale)}
          </Box>
          {ride.price && (
            <>
              <Box component="dt" sx={{ color: 'text.secondary' }}>
                {t('session.price')}
              </Box>
              <Box component="dd" sx={{ m: 0 }}>
                {[ride.service?.name, ride.price.name].filter(Boolean).join(' · ')}
              </Box>
            </>
          )}
        </Box>
        {ride.rideTags.length > 0 && (
          <Box
            component="ul"
            aria-label={t('session.tags')}
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0, mt: 1.5 }}
          >
            {ride.rideTags.map((tag, index) => {
              const colors = tagColors(tag.color);
              return (
                <li key={`${tag.text}-${index}`}>
                  <Chip
                    label={tag.text}
                    sx={colors ? { bgcolor: colors.background, color: colors.text } : undefined}
                  />
                </li>
              );
            })}
          </Box>
        )}
      </Paper>

      {paused ? (
        <Button
          variant="contained"
          size="large"
          fullWidth
          startIcon={<PlayArrow />}
          onClick={onResume}
          loading={busy === 'resume'}
          disabled={busy !== null}
        >
          {t('session.resume')}
        </Button>
      ) : (
        <Stack spacing={0.5}>
          <Button
            variant="outlined"
            size="large"
            fullWidth
            startIcon={<PauseOutlined />}
            onClick={onPause}
            loading={busy === 'pause'}
            disabled={busy !== null}
          >
            {t('session.pause')}
          </Button>
          <Typography variant="body2" color="text.secondary">
            {t('session.pauseHint')}
          </Typography>
        </Stack>
      )}
    </Stack>
  );
}
