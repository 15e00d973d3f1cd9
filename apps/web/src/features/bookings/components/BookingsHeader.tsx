import AddIcon from '@mui/icons-material/Add';
import BuildIcon from '@mui/icons-material/BuildOutlined';
import LinkIcon from '@mui/icons-material/Link';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { HelpLinkButton } from '../../../components/HelpLinkButton';

interface BookingsHeaderProps {
  integrated: boolean;
  /** the shown day is past: nothing new may be booked on it */
  past: boolean;
  onAddBooking: () => void;
  onAddMaintenance: () => void;
}

/**
 * Spec §2 Bookings header: the title; a site with a booking integration shows the 'integrated' chip (its
 * bookings are made there), others the Maintenance and Add-booking buttons, off on a past day.
 */
export function BookingsHeader({ integrated, past, onAddBooking, onAddMaintenance }: BookingsHeaderProps) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
      <Typography component="h1" variant="h5" sx={{ flex: 1, minWidth: 120 }}>
        {t('bookings.title')}
      </Typography>
      {integrated ? (
        <Tooltip title={t('bookings.integratedHint')}>
          <Chip
            icon={<LinkIcon />}
            label={t('bookings.integrated')}
            color="info"
            data-testid="bookings-integrated"
          />
        </Tooltip>
      ) : (
        <>
          <Button variant="outlined" startIcon={<BuildIcon />} disabled={past} onClick={onAddMaintenance}>
            {t('bookings.addMaintenance')}
          </Button>
          <Button variant="contained" startIcon={<AddIcon />} disabled={past} onClick={onAddBooking}>
            {t('bookings.addBooking')}
          </Button>
        </>
      )}
      <HelpLinkButton article="bookings" label={t('bookings.help')} />
    </Stack>
  );
}
