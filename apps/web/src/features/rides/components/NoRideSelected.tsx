import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../../../components/BrandMark';

/** The detail pane with nothing chosen (spec §2 Rides): the logo and a word on what to do. */
export function NoRideSelected() {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        flex: 1,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1.5,
        p: 3,
        textAlign: 'center',
        color: 'text.secondary',
      }}
      data-testid="no-ride-selected"
    >
      <Box sx={{ color: 'primary.main' }}>
        <BrandMark size="large" />
      </Box>
      <Typography component="h2" variant="h6" sx={{ color: 'text.primary' }}>
        {t('rides.noSelection.title')}
      </Typography>
      <Typography variant="body2" sx={{ maxWidth: 360 }}>
        {t('rides.noSelection.hint')}
      </Typography>
    </Box>
  );
}
