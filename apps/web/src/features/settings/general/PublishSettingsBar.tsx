import PublishIcon from '@mui/icons-material/Publish';
import { hasRole, type SiteView } from '@fairway/domain';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ApiError } from '../../../lib/api-client';
import { showToast } from '../../../lib/notifications';
import { useCurrentRole } from '../../auth';
import { useUpdateSite } from '../../sites';
import { PublishedNotice } from './components/PublishedNotice';
import { deviceSettingLabel } from './device-setting-labels';

/**
 * Saved device settings reach the carts only when published (spec §2: "Settings have unpublished changes
 * until published"). Shown on any page that saves them: lists what the carts do not have yet and lets an
 * admin publish it to every cart of the site. Renders nothing while the carts run what is saved.
 */
export function PublishSettingsBar({ site }: { site: SiteView }) {
  const { t } = useTranslation();
  const mayPublish = hasRole(useCurrentRole(), 'admin');
  const publish = useUpdateSite(site._id);
  const [confirming, setConfirming] = useState(false);
  const [publishedTo, setPublishedTo] = useState<number | null>(null);
  const pending = site.unpublishedChanges;

  const onConfirm = () => {
    setConfirming(false);
    publish.mutate(
      { updateData: {}, publish: true },
      {
        onSuccess: (published) => {
          showToast(t('settings.publish.done', { count: published.devices }), 'success');
          setPublishedTo(published.devices);
        },
        onError: (error) => {
          console.error('Publishing the site settings failed', error);
          showToast(error instanceof ApiError ? error.message : t('settings.publish.failed'), 'error');
        },
      },
    );
  };

  if (pending.length === 0) {
    return publishedTo === null ? null : (
      <PublishedNotice carts={publishedTo} onClose={() => setPublishedTo(null)} />
    );
  }

  return (
    <>
      <Alert
        severity="warning"
        data-testid="unpublished-settings"
        action={
          mayPublish && (
            <Button
              color="inherit"
              variant="outlined"
              size="small"
              startIcon={<PublishIcon />}
              disabled={publish.isPending}
              onClick={() => setConfirming(true)}
              sx={{ whiteSpace: 'nowrap' }}
            >
              {t('settings.publish.button')}
            </Button>
          )
        }
      >
        <AlertTitle>{t('settings.publish.title', { count: pending.length })}</AlertTitle>
        <Stack
          component="ul"
          aria-label={t('settings.publish.listLabel')}
          direction="row"
          sx={{ flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}
        >
          {pending.map((key) => (
            <Chip
              key={key}
              component="li"
              size="small"
              variant="outlined"
              label={deviceSettingLabel(key, t)}
            />
          ))}
        </Stack>
        {!mayPublish && (
          <Typography variant="body2" sx={{ mt: 1 }}>
            {t('settings.publish.adminOnly')}
          </Typography>
        )}
      </Alert>
      <ConfirmDialog
        open={confirming}
        title={t('settings.publish.confirmTitle')}
        message={
          site.devices === 0
            ? t('settings.publish.confirmNoCarts')
            : t('settings.publish.confirmMessage', { count: site.devices })
        }
        confirmLabel={t('settings.publish.confirm')}
        onConfirm={onConfirm}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
