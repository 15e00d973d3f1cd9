import PublishIcon from '@mui/icons-material/Publish';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { showToast } from '../../../lib/notifications';
import { usePublishCodes } from '../api/publish-codes';
import { usePublishCooldown } from '../use-publish-cooldown';

/**
 * Sends the site's codes to every cart (spec §4 Publish codes). Disabled for 30 s after use, also after a
 * reload, with the seconds left on the button, so a nervous double click does not flood the carts.
 */
export function PublishCodesButton({ siteId }: { siteId: string }) {
  const { t } = useTranslation();
  const publish = usePublishCodes(siteId);
  const cooldown = usePublishCooldown();

  const onClick = () => {
    cooldown.start();
    publish.mutate(undefined, {
      onSuccess: (result) =>
        showToast(t('members.publish.done', { codes: result.codes, carts: result.devices }), 'success'),
      onError: (error) => {
        console.error('Publishing codes failed', error);
        showToast(error instanceof ApiError ? error.message : t('members.publish.failed'), 'error');
      },
    });
  };

  return (
    <Button
      variant="outlined"
      startIcon={<PublishIcon />}
      disabled={cooldown.secondsLeft > 0 || publish.isPending}
      onClick={onClick}
      data-testid="members-publish"
    >
      {cooldown.secondsLeft > 0
        ? t('members.publish.cooldown', { seconds: cooldown.secondsLeft })
        : t('members.publish.button')}
    </Button>
  );
}
