import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import type { SiteView } from '@fairway/domain';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/notifications';
import { useUpdateSite } from '../../sites';
import { siteSaveErrorMessage } from '../booking/site-save-error';
import { SettingsCard } from '../general/components/SettingsCard';
import { gbfsFeedUrl } from './gbfs-feed-url';

interface GbfsFeedCardProps {
  site: SiteView;
  /** Below admin the switch shows its state but cannot change (PATCH /sites needs admin). */
  readOnly: boolean;
}

/**
 * Settings → General: the club's open GBFS feed (issue 23). The switch saves at once, apart from the form's
 * Save: it is the server's own setting, not one the carts wait to have published. While on, the feed's
 * address is shown to hand to a trip planner.
 */
export function GbfsFeedCard({ site, readOnly }: GbfsFeedCardProps) {
  const { t } = useTranslation();
  const hintId = useId();
  const update = useUpdateSite(site._id);
  // While saving, the switch shows where it is going.
  const enabled = update.isPending
    ? (update.variables.updateData?.gbfsEnabled ?? site.gbfsEnabled)
    : site.gbfsEnabled;
  const url = gbfsFeedUrl(site._id);

  const change = (next: boolean) =>
    update.mutate(
      { updateData: { gbfsEnabled: next } },
      {
        onSuccess: () => showToast(t(next ? 'gbfs.enabledSaved' : 'gbfs.disabledSaved'), 'success'),
        onError: (error) => showToast(siteSaveErrorMessage(error, t), 'error'),
      },
    );

  const copy = async () => {
    try {
      // Not every browser offers the clipboard (an insecure origin): say so rather than fail silently.
      if (!navigator.clipboard) throw new Error('No clipboard');
      await navigator.clipboard.writeText(url);
      showToast(t('gbfs.copied'), 'success');
    } catch {
      showToast(t('gbfs.copyFailed'), 'error');
    }
  };

  return (
    <SettingsCard title={t('gbfs.title')} subtitle={t('gbfs.subtitle')}>
      <div>
        <FormControlLabel
          label={t('gbfs.switch')}
          disabled={readOnly || update.isPending}
          control={
            <Switch
              checked={enabled}
              onChange={(event) => change(event.target.checked)}
              slotProps={{ input: { 'aria-describedby': hintId } }}
            />
          }
        />
        <FormHelperText id={hintId} sx={{ mt: 0 }}>
          {enabled ? t('gbfs.hintOn') : t('gbfs.hintOff')}
        </FormHelperText>
      </div>
      {enabled && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <TextField
            label={t('gbfs.address')}
            value={url}
            size="small"
            fullWidth
            slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'gbfs-url' } }}
            onFocus={(event) => event.target.select()}
          />
          <Button
            variant="outlined"
            startIcon={<ContentCopyIcon />}
            onClick={() => void copy()}
            sx={{ flexShrink: 0 }}
          >
            {t('gbfs.copy')}
          </Button>
        </Stack>
      )}
    </SettingsCard>
  );
}
