import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ChangeEmailCard } from './ChangeEmailCard';
import { ChangePasswordCard } from './ChangePasswordCard';

/** /settings/account (spec §2 Settings, Account): the signed-in user changes their email or password. */
export function AccountSettingsPage() {
  const { t } = useTranslation();
  return (
    <Container maxWidth="md" sx={{ py: 3 }}>
      <Stack spacing={3}>
        <Typography component="h1" variant="h5">
          {t('pages.settingsAccount')}
        </Typography>
        <ChangeEmailCard />
        <ChangePasswordCard />
      </Stack>
    </Container>
  );
}
