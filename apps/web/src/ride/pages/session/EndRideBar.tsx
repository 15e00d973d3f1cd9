import StopCircleOutlined from '@mui/icons-material/StopCircleOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { useI18n } from '../../i18n/I18nProvider';

/** The persistent End ride button at the bottom of the screen, with its confirm dialog (spec §2, §8). */
export function EndRideBar({ ending, onEnd }: { ending: boolean; onEnd: () => Promise<void> }) {
  const { t } = useI18n();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Box
        sx={{
          position: 'fixed',
          left: 0,
          right: 0,
          bottom: 0,
          zIndex: (theme) => theme.zIndex.appBar,
          bgcolor: 'background.paper',
          borderTop: 1,
          borderColor: 'divider',
          pt: 1.5,
          pb: 'calc(12px + env(safe-area-inset-bottom))',
        }}
      >
        <Container maxWidth="sm">
          <Button
            variant="contained"
            color="error"
            size="large"
            fullWidth
            startIcon={<StopCircleOutlined />}
            onClick={() => setConfirming(true)}
            disabled={ending}
          >
            {t('session.end')}
          </Button>
        </Container>
      </Box>
      <Dialog
        open={confirming}
        onClose={ending ? undefined : () => setConfirming(false)}
        aria-labelledby="end-ride-title"
        aria-describedby="end-ride-text"
        fullWidth
        maxWidth="xs"
      >
        <DialogTitle id="end-ride-title">{t('session.endConfirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText id="end-ride-text">{t('session.endConfirmText')}</DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setConfirming(false)} disabled={ending} autoFocus>
            {t('app.cancel')}
          </Button>
          <Button
            variant="contained"
            color="error"
            loading={ending}
            onClick={() => {
              // Closed either way: a refusal shows on the page, beside the button to try again.
              void onEnd().finally(() => setConfirming(false));
            }}
          >
            {t('session.endConfirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
