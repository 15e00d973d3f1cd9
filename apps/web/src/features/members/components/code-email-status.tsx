import SendIcon from '@mui/icons-material/Send';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/date-format';

interface CodeEmailStatusProps {
  /** When the code was last emailed; null = never. */
  emailSent: string | null;
  sending: boolean;
  onSend: () => void;
}

/** When the member last got the code by email, and a button to send it (again). */
export function CodeEmailStatus({ emailSent, sending, onSend }: CodeEmailStatusProps) {
  const { t, i18n } = useTranslation();
  const sentAt = emailSent === null ? null : formatDateTime(emailSent, i18n.resolvedLanguage);
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
    >
      <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="code-email-sent">
        {sentAt === null
          ? t('memberCodes.code.emailNeverSent')
          : t('memberCodes.code.emailSentAt', { time: sentAt })}
      </Typography>
      <Button size="small" startIcon={<SendIcon />} disabled={sending} onClick={onSend}>
        {t('memberCodes.code.sendEmailNow')}
      </Button>
    </Stack>
  );
}
