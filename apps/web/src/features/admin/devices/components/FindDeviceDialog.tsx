import type { AdminDeviceView } from '@fairway/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../lib/api-client';
import { useErrorMessage } from '../../../../components/ErrorState';
import { useFindDevices } from '../api/find-devices';

interface FindDeviceDialogProps {
  open: boolean;
  onClose: () => void;
  /** opens the found tracker's side panel */
  onFound: (device: AdminDeviceView) => void;
}

/**
 * Find Device (spec §2, §5): a serial as it is printed or typed (the server ignores dashes, spaces, underscores
 * and case). One match opens its panel at once; several are listed to choose from.
 */
export function FindDeviceDialog({ open, onClose, onFound }: FindDeviceDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [serial, setSerial] = useState('');
  const [required, setRequired] = useState(false);
  const find = useFindDevices();
  const notFound = find.error instanceof ApiError && find.error.status === 404;
  const errorText = useErrorMessage(find.error);

  const choose = (device: AdminDeviceView) => {
    onFound(device);
    onClose();
  };
  const submit = () => {
    if (serial.trim() === '') {
      setRequired(true);
      return;
    }
    find.mutate(serial.trim(), {
      onSuccess: (devices) => {
        if (devices.length === 1) choose(devices[0]!);
      },
    });
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
      fullScreen={fullScreen}
    >
      <DialogTitle id={titleId}>{t('adminDevices.find.title')}</DialogTitle>
      <DialogContent>
        <Stack
          component="form"
          noValidate
          spacing={2}
          sx={{ pt: 1 }}
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <TextField
            autoFocus
            required
            label={t('adminDevices.find.serial')}
            value={serial}
            onChange={(event) => {
              setSerial(event.target.value);
              setRequired(false);
              find.reset();
            }}
            error={required}
            helperText={required ? t('adminDevices.find.required') : t('adminDevices.find.hint')}
            slotProps={{ htmlInput: { 'data-testid': 'find-device-serial', maxLength: 100 } }}
          />
          {notFound && (
            <Alert severity="info" data-testid="find-device-none">
              {t('adminDevices.find.none')}
            </Alert>
          )}
          {find.isError && !notFound && <Alert severity="error">{errorText}</Alert>}
          {find.data && find.data.length > 1 && (
            <List dense aria-label={t('adminDevices.find.results')} data-testid="find-device-results">
              {find.data.map((device) => (
                <ListItemButton key={device._id} onClick={() => choose(device)}>
                  <ListItemText
                    primary={device.serial}
                    secondary={t('adminDevices.find.resultLine', {
                      car: device.carNumber ?? '—',
                      site: device.siteName,
                    })}
                  />
                </ListItemButton>
              ))}
            </List>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('adminDevices.cancel')}</Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={find.isPending}
          data-testid="find-device-submit"
        >
          {t('adminDevices.find.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
