import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { HelpLinkButton } from '../../../components/HelpLinkButton';

/** The way back to the fleet, the title, and the help article in the operator's language. */
export function MembersHeader() {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Tooltip title={t('members.header.back')}>
        <IconButton component={RouterLink} to="/fleet" aria-label={t('members.header.back')} edge="start">
          <ArrowBackIcon />
        </IconButton>
      </Tooltip>
      <Typography component="h1" variant="h5" sx={{ flex: 1, minWidth: 0 }}>
        {t('members.header.title')}
      </Typography>
      <HelpLinkButton article="virtual-keys" label={t('members.header.help')} />
    </Stack>
  );
}
