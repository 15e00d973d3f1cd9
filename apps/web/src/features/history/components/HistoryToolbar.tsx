import CloseIcon from '@mui/icons-material/Close';
import HistoryIcon from '@mui/icons-material/History';
import TimelineIcon from '@mui/icons-material/Timeline';
import WhatshotIcon from '@mui/icons-material/Whatshot';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { HistoryMode } from '@fairway/domain';
import { useTranslation } from 'react-i18next';
import { HISTORY_RANGES, type HistoryRange } from '../lib/history-range';

/** What the toolbar says below its controls. */
export type HistoryStatus =
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | { kind: 'empty' }
  | { kind: 'ready'; carts: number | null };

export interface HistoryToolbarProps {
  mode: HistoryMode;
  onModeChange: (mode: HistoryMode) => void;
  range: HistoryRange;
  onRangeChange: (range: HistoryRange) => void;
  /** The period asked, formatted for the site (e.g. "21 May – 21 Nov"). */
  period: string;
  status: HistoryStatus;
  /** A request is under way (also while the previous answer is still drawn). */
  fetching: boolean;
  onRetry: () => void;
  onClose: () => void;
}

/** The ride-history toolbar of spec §2 Map: trail or heatmap; today, 7 days, 1, 3 or 6 months. */
export function HistoryToolbar(props: HistoryToolbarProps) {
  const { t } = useTranslation();
  const { status } = props;
  return (
    <Paper
      elevation={3}
      sx={{ p: 1.5, width: { xs: 'calc(100vw - 80px)', sm: 360 } }}
      data-testid="history-toolbar"
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1 }}>
        <HistoryIcon color="primary" aria-hidden />
        <Typography variant="subtitle1" component="h2" sx={{ flex: 1 }}>
          {t('history.title')}
        </Typography>
        <IconButton
          size="small"
          onClick={props.onClose}
          aria-label={t('history.close')}
          data-testid="history-close"
        >
          <CloseIcon />
        </IconButton>
      </Stack>

      <ToggleButtonGroup
        size="small"
        exclusive
        fullWidth
        value={props.mode}
        onChange={(_event, next: HistoryMode | null) => next && props.onModeChange(next)}
        aria-label={t('history.mode')}
      >
        <ToggleButton value="trail" data-testid="history-mode-trail">
          <TimelineIcon fontSize="small" sx={{ mr: 0.5 }} />
          {t('history.modes.trail')}
        </ToggleButton>
        <ToggleButton value="heatmap" data-testid="history-mode-heatmap">
          <WhatshotIcon fontSize="small" sx={{ mr: 0.5 }} />
          {t('history.modes.heatmap')}
        </ToggleButton>
      </ToggleButtonGroup>

      <ToggleButtonGroup
        size="small"
        exclusive
        value={props.range}
        onChange={(_event, next: HistoryRange | null) => next && props.onRangeChange(next)}
        aria-label={t('history.range')}
        sx={{
          mt: 1,
          display: 'flex',
          flexWrap: 'wrap',
          '& .MuiToggleButton-root': { flex: '1 0 auto', px: 1 },
        }}
      >
        {HISTORY_RANGES.map((range) => (
          <ToggleButton key={range} value={range} data-testid={`history-range-${range}`}>
            {t(`history.ranges.${range}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>

      <LinearProgress
        aria-label={t('history.loading')}
        sx={{ mt: 1.5, visibility: props.fetching ? 'visible' : 'hidden' }}
      />
      <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary' }} data-testid="history-period">
        {props.period}
        {status.kind === 'ready' &&
          status.carts !== null &&
          ` · ${t('history.carts', { count: status.carts })}`}
      </Typography>

      {status.kind === 'loading' && (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {t('history.loading')}
        </Typography>
      )}
      {status.kind === 'error' && (
        <Alert
          severity="error"
          role="alert"
          sx={{ mt: 1 }}
          action={
            <Button color="inherit" size="small" onClick={props.onRetry} data-testid="history-retry">
              {t('common.retry')}
            </Button>
          }
        >
          {status.message}
        </Alert>
      )}
      {status.kind === 'empty' && (
        <Alert severity="info" sx={{ mt: 1 }} data-testid="history-empty">
          <strong>{t('history.empty')}</strong>
          <br />
          {t('history.emptyHint')}
        </Alert>
      )}
      {status.kind === 'ready' && (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {props.mode === 'trail' ? t('history.trailHint') : t('history.heatmapHint')}
        </Typography>
      )}
    </Paper>
  );
}
