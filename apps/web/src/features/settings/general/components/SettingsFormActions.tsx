import PublishIcon from '@mui/icons-material/Publish';
import SaveIcon from '@mui/icons-material/Save';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

interface SettingsFormActionsProps {
  dirty: boolean;
  saving: boolean;
  onSaveAndPublish: () => void;
  onDiscard: () => void;
}

/**
 * Save (a submit), and while there are changes, Save and publish and Discard. Sticks to the bottom of the
 * window so Save is at hand from any card of a long page.
 */
export function SettingsFormActions({
  dirty,
  saving,
  onSaveAndPublish,
  onDiscard,
}: SettingsFormActionsProps) {
  const { t } = useTranslation();
  return (
    <Paper
      variant="outlined"
      sx={{ position: 'sticky', bottom: 0, zIndex: 1, px: 2, py: 1.5 }}
      data-testid="settings-actions"
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }} role="status">
          {dirty ? t('settings.general.unsaved') : ''}
        </Typography>
        {dirty && (
          <Button onClick={onDiscard} disabled={saving}>
            {t('settings.general.discard')}
          </Button>
        )}
        {dirty && (
          <Button variant="outlined" startIcon={<PublishIcon />} onClick={onSaveAndPublish} disabled={saving}>
            {t('settings.general.saveAndPublish')}
          </Button>
        )}
        <Button
          type="submit"
          variant="contained"
          disabled={!dirty || saving}
          startIcon={saving ? <CircularProgress size={18} color="inherit" /> : <SaveIcon />}
        >
          {t('settings.general.save')}
        </Button>
      </Stack>
    </Paper>
  );
}
