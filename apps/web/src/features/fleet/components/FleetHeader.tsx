import EventIcon from '@mui/icons-material/Event';
import KeyIcon from '@mui/icons-material/Key';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { HelpLinkButton } from '../../../components/HelpLinkButton';

/** Title, the way to bookings and virtual keys, and the help article in the operator's language. */
export function FleetHeader() {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
      <Typography component="h1" variant="h5" sx={{ flex: 1, minWidth: 120 }}>
        {t('nav.fleet')}
      </Typography>
      <Button component={RouterLink} to="/bookings" startIcon={<EventIcon />} variant="outlined">
        {t('fleet.header.bookings')}
      </Button>
      <Button component={RouterLink} to="/virtualKeys" startIcon={<KeyIcon />} variant="outlined">
        {t('fleet.header.virtualKeys')}
      </Button>
      <HelpLinkButton article="fleet" label={t('fleet.header.help')} />
    </Stack>
  );
}
