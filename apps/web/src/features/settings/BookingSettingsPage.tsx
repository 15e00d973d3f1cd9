import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { UserGroupsCard } from '../user-groups/components/UserGroupsCard';

/**
 * /settings/booking. The user groups card is here because prices are set per group; opening hours, the
 * booking offset and the services card join it with the site settings issue (#5).
 */
export function BookingSettingsPage() {
  const { t } = useTranslation();
  return (
    <Container maxWidth="md" sx={{ py: 3 }}>
      <Stack spacing={3}>
        <UserGroupsCard />
        <EmptyState
          icon={<EventAvailableIcon />}
          title={t('pages.settingsBooking')}
          description={t('placeholder.laterRelease')}
        />
      </Stack>
    </Container>
  );
}
