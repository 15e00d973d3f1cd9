import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../../lib/notifications';

/**
 * The invite's registration link as a chip; a click copies it ('Copied to clipboard', spec §2) for an admin
 * who passes it on by hand. The chip shows the link's start so it reads as a link, not a token.
 */
export function InviteLinkChip({ link, email }: { link: string; email: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      // Not every browser offers the clipboard (an insecure origin): say so rather than fail silently.
      if (!navigator.clipboard) throw new Error('No clipboard');
      await navigator.clipboard.writeText(link);
      showToast(t('adminUsers.invites.copied'), 'success');
    } catch {
      showToast(t('adminUsers.invites.copyFailed'), 'error');
    }
  };
  return (
    <Chip
      size="small"
      variant="outlined"
      clickable
      icon={<ContentCopyIcon />}
      label={t('adminUsers.invites.copyLink')}
      title={link}
      aria-label={t('adminUsers.invites.copyLinkFor', { email })}
      onClick={() => void copy()}
      data-testid="invite-link"
      data-link={link}
    />
  );
}
