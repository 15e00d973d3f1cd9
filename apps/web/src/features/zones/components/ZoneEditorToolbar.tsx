import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ZONE_COLOURS, type ZoneType } from '@fairway/domain';
import { useTranslation } from 'react-i18next';

export interface ZoneEditorToolbarProps {
  types: readonly ZoneType[];
  type: ZoneType;
  onTypeChange: (type: ZoneType) => void;
  typeLocked: boolean;
  hint: string;
  loading: boolean;
  /** Shown instead of the hint when the zones could not be loaded. */
  loadError: string | null;
  onRetry: () => void;
  busy: boolean;
  closing: boolean;
  can: { draw: boolean; save: boolean; delete: boolean; cancel: boolean };
  onDraw: () => void;
  onSave: () => void;
  onDelete: () => void;
  onCancel: () => void;
  onClose: () => void;
}

/** The zone editor's controls (spec §2 Map): type, Draw, Save, Delete, Cancel, Close, and what to do next. */
export function ZoneEditorToolbar(props: ZoneEditorToolbarProps) {
  const { t } = useTranslation();
  const { can, busy } = props;
  return (
    <Paper
      elevation={3}
      sx={{ p: 1.5, width: { xs: 'calc(100vw - 80px)', sm: 340 } }}
      data-testid="zone-editor"
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="subtitle1" component="h2">
          {t('zones.title')}
        </Typography>
        <IconButton
          size="small"
          onClick={props.onClose}
          disabled={props.closing}
          aria-label={t('zones.close')}
          data-testid="zone-close"
        >
          {props.closing ? <CircularProgress size={20} /> : <CloseIcon />}
        </IconButton>
      </Stack>

      <TextField
        select
        fullWidth
        size="small"
        label={t('zones.type')}
        value={props.type}
        disabled={props.typeLocked || busy}
        onChange={(event) => props.onTypeChange(event.target.value as ZoneType)}
        slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'zone-type' } }}
        sx={{ '& select': { borderLeft: 6, borderColor: ZONE_COLOURS[props.type] } }}
      >
        {props.types.map((type) => (
          <option key={type} value={type}>
            {t(`zones.types.${type}`)}
          </option>
        ))}
      </TextField>

      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1.5 }}>
        <Button
          variant="outlined"
          size="small"
          onClick={props.onDraw}
          disabled={!can.draw || busy}
          data-testid="zone-draw"
        >
          {t('zones.draw')}
        </Button>
        <Button
          variant="contained"
          size="small"
          onClick={props.onSave}
          disabled={!can.save || busy}
          data-testid="zone-save"
        >
          {t('zones.save')}
        </Button>
        <Button
          color="error"
          size="small"
          onClick={props.onDelete}
          disabled={!can.delete || busy}
          data-testid="zone-delete"
        >
          {t('zones.delete')}
        </Button>
        <Button
          size="small"
          onClick={props.onCancel}
          disabled={!can.cancel || busy}
          data-testid="zone-cancel"
        >
          {t('zones.cancel')}
        </Button>
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
          data-testid="zone-hint"
        >
          {props.hint}
        </Typography>
      )}
    </Paper>
  );
}
