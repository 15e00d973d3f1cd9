import EventIcon from '@mui/icons-material/Event';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import KeyIcon from '@mui/icons-material/Key';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { fleetHelpPageFor } from '../help-page';

/** Title, the way to bookings and virtual keys, and the help article in the operator's language. */
export function FleetHeader() {
  const { t, i18n } = useTranslation();
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
      <Tooltip title={t('fleet.header.help')}>
        <IconButton
          component="a"
          href={fleetHelpPageFor(i18n.resolvedLanguage)}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('fleet.header.help')}
        >
          <HelpOutlineIcon />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}
