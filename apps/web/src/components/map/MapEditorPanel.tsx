import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** One button of an editor's row of actions. */
export interface MapEditorAction {
  label: string;
  onClick: () => void;
  enabled: boolean;
  testId: string;
  variant?: 'text' | 'outlined' | 'contained';
  color?: 'primary' | 'error';
  /** Shows a spinner in the button while its action runs (a save). */
  pending?: boolean;
}

export interface MapEditorPanelProps {
  title: string;
  closeLabel: string;
  onClose: () => void;
  /** The close button's spinner (closing may do work: the zone editor publishes). */
  closing: boolean;
  /** The panel's test ids: `<prefix>-editor`, `<prefix>-close`, `<prefix>-hint`. */
  testIdPrefix: string;
  /** Fields between the title and the actions (a zone's type, a hole and its par). */
  children?: ReactNode;
  actions: readonly MapEditorAction[];
  /** Every action waits while one is running. */
  busy: boolean;
  /** What to do next, announced politely to screen readers. */
  hint: ReactNode;
  loading: boolean;
  /** Shown instead of the hint when what the editor edits could not be loaded. */
  loadError: string | null;
  onRetry: () => void;
}

/**
 * The panel of a map editor (zones, the course): a title with Close, the editor's fields, a row of actions,
 * and a line saying what to do next, or progress while loading and the load error with Retry. Rendered
 * in a `MapOverlay`, so clicks on it never reach the map.
 */
export function MapEditorPanel(props: MapEditorPanelProps) {
  const { t } = useTranslation();
  const { testIdPrefix: prefix, busy } = props;
  return (
    <Paper
      elevation={3}
      sx={{ p: 1.5, width: { xs: 'calc(100vw - 80px)', sm: 340 } }}
      data-testid={`${prefix}-editor`}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="subtitle1" component="h2">
          {props.title}
        </Typography>
        <IconButton
          size="small"
          onClick={props.onClose}
          disabled={props.closing}
          aria-label={props.closeLabel}
          data-testid={`${prefix}-close`}
        >
          {props.closing ? <CircularProgress size={20} /> : <CloseIcon />}
        </IconButton>
      </Stack>

      {props.children}

      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1.5 }}>
        {props.actions.map((action) => (
          <Button
            key={action.testId}
            variant={action.variant ?? 'text'}
            color={action.color ?? 'primary'}
            size="small"
            onClick={action.onClick}
            disabled={!action.enabled || busy}
            data-testid={action.testId}
            startIcon={action.pending ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {action.label}
          </Button>
        ))}
      </Box>

      {props.loading && <LinearProgress sx={{ mt: 1.5 }} aria-label={t('common.loading')} />}
      {props.loadError ? (
        <Alert
          severity="error"
          sx={{ mt: 1.5 }}
          action={
            <Button color="inherit" size="small" onClick={props.onRetry}>
              {t('common.retry')}
            </Button>
          }
        >
          {props.loadError}
        </Alert>
      ) : (
        <Typography
          variant="body2"
          sx={{ mt: 1.5, color: 'text.secondary' }}
          aria-live="polite"
          data-testid={`${prefix}-hint`}
        >
          {props.hint}
        </Typography>
      )}
    </Paper>
  );
}
