import SystemUpdateAltIcon from '@mui/icons-material/SystemUpdateAlt';
import {
  FIRMWARE_FOLDERS,
  type FirmwareFileView,
  type FirmwareFolderName,
  type PushFirmwareResult,
} from '@fairway/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../../components/EmptyState';
import { ErrorState } from '../../../../components/ErrorState';
import { ApiError } from '../../../../lib/api-client';
import { formatDate } from '../../../../lib/date-format';
import { useFirmwareFiles } from './api/get-firmware-files';
import { usePushFirmware } from './api/push-firmware';
import { PushResultView } from './components/PushResultView';
import { useFolderLabel } from './lib/firmware-folders';
import { formatFileSize } from './lib/firmware-upload';

export interface PushFirmwareDialogProps {
  /** the selected trackers; the dialog is open while this is non-empty and `open` */
  deviceIds: string[];
  open: boolean;
  onClose: () => void;
}

/**
 * Bulk Actions → Firmware (spec §2, §8; issue 20): pick an uploaded image by folder and push it to the selected
 * carts. The answer says how many took the order and lists the carts that did not, with the reason; the carts'
 * progress (status 1–4) then shows live in the device table.
 */
export function PushFirmwareDialog({ deviceIds: givenIds, open, onClose }: PushFirmwareDialogProps) {
  const { t } = useTranslation();
  const folderLabel = useFolderLabel();
  // The selection stays as it was while the dialog fades out (the page may empty it as it closes).
  const [deviceIds, setDeviceIds] = useState(givenIds);
  if (open && givenIds !== deviceIds) setDeviceIds(givenIds);
  const titleId = useId();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [folder, setFolder] = useState<FirmwareFolderName>('wifi');
  const [chosen, setChosen] = useState<FirmwareFileView | null>(null);
  const [result, setResult] = useState<{ answer: PushFirmwareResult; version: string } | null>(null);
  // The Push button that had the focus is gone once the result shows: the focus moves to Close, so Escape
  // and Enter still reach the dialog (left on the page's body, a keypress went nowhere).
  const closeButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (result) closeButton.current?.focus();
  }, [result]);
  const [refusal, setRefusal] = useState<string | null>(null);
  const files = useFirmwareFiles(folder, open && result === null);
  const push = usePushFirmware();
  const noCars = deviceIds.length === 0;

  const close = () => {
    if (!push.isPending) onClose();
  };
  // Ready for the next selection once the dialog has gone (not before: the answer stays while it fades out).
  const reset = () => {
    setResult(null);
    setRefusal(null);
    setChosen(null);
  };

  const send = () => {
    setRefusal(null);
    if (noCars) {
      setRefusal(t('adminFirmware.push.noCars'));
      return;
    }
    if (!chosen) {
      setRefusal(t('adminFirmware.push.noFile'));
      return;
    }
    const file = chosen;
    push.mutate(
      { ids: deviceIds, fileId: file._id },
      {
        // The dialog shows the result itself (no toast: at phone width it covered the result's alert).
        onSuccess: (answer) => setResult({ answer, version: file.version }),
        onError: (error) =>
          setRefusal(error instanceof ApiError ? error.message : t('adminFirmware.push.failed')),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      slotProps={{ transition: { onExited: reset } }}
      data-testid="firmware-push-dialog"
    >
      <DialogTitle id={titleId}>{t('adminFirmware.push.title')}</DialogTitle>
      <DialogContent>
        {result ? (
          <PushResultView result={result.answer} version={result.version} />
        ) : (
          <Stack spacing={2}>
            <DialogContentText>
              {noCars
                ? t('adminFirmware.push.noCars')
                : t('adminFirmware.push.intro', { count: deviceIds.length })}
            </DialogContentText>
            <ToggleButtonGroup
              exclusive
              size="small"
              value={folder}
              onChange={(_, next: FirmwareFolderName | null) => {
                if (!next) return;
                setFolder(next);
                setChosen(null);
              }}
              aria-label={t('adminFirmware.push.folderLabel')}
              sx={{ alignSelf: 'flex-start' }}
            >
              {FIRMWARE_FOLDERS.map((name) => (
                <ToggleButton key={name} value={name} data-testid={`firmware-push-folder-${name}`}>
                  {folderLabel(name)}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
            <FilePicker
              folder={folder}
              files={files.data}
              isPending={files.isPending}
              error={files.error}
              onRetry={() => void files.refetch()}
              chosen={chosen}
              onChoose={setChosen}
            />
            {refusal && (
              <Alert severity="error" role="alert">
                {refusal}
              </Alert>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {result ? (
          <Button variant="contained" onClick={close} data-testid="firmware-push-close" ref={closeButton}>
            {t('adminFirmware.close')}
          </Button>
        ) : (
          <>
            <Button onClick={close} disabled={push.isPending}>
              {t('adminFirmware.cancel')}
            </Button>
            <Button
              variant="contained"
              startIcon={<SystemUpdateAltIcon />}
              onClick={send}
              loading={push.isPending}
              disabled={noCars}
              data-testid="firmware-push-submit"
            >
              {t('adminFirmware.push.submit')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}

interface FilePickerProps {
  folder: FirmwareFolderName;
  files: FirmwareFileView[] | undefined;
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
  chosen: FirmwareFileView | null;
  onChoose: (file: FirmwareFileView) => void;
}

/** The folder's images as one radio choice each: name, version, size and upload date. */
function FilePicker({ folder, files, isPending, error, onRetry, chosen, onChoose }: FilePickerProps) {
  const { t, i18n } = useTranslation();
  const folderLabel = useFolderLabel();
  const labelId = useId();
  const locale = i18n.resolvedLanguage ?? 'en';
  if (error && !files)
    return <ErrorState error={error} onRetry={onRetry} title={t('adminFirmware.loadFailed')} />;
  if (isPending || !files) {
    return (
      <Stack spacing={1} aria-busy="true" aria-label={t('adminFirmware.loading')}>
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} variant="rounded" height={44} />
        ))}
      </Stack>
    );
  }
  if (files.length === 0) {
    return (
      <EmptyState
        size="card"
        icon={<SystemUpdateAltIcon />}
        title={t('adminFirmware.empty.title', { folder: folderLabel(folder) })}
        description={t('adminFirmware.push.emptyHint')}
      />
    );
  }
  return (
    <Box>
      <Typography id={labelId} variant="subtitle2" sx={{ mb: 0.5 }}>
        {t('adminFirmware.push.fileLabel')}
      </Typography>
      <RadioGroup
        aria-labelledby={labelId}
        value={chosen?._id ?? ''}
        onChange={(_, id) => {
          const file = files.find((candidate) => candidate._id === id);
          if (file) onChoose(file);
        }}
      >
        {files.map((file) => (
          <FormControlLabel
            key={file._id}
            value={file._id}
            control={<Radio />}
            data-testid={`firmware-push-file-${file.name}`}
            sx={{ alignItems: 'flex-start', mr: 0, '& .MuiRadio-root': { pt: 0.5 } }}
            label={
              <Box sx={{ py: 0.5, minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                  {file.name}
                </Typography>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {t('adminFirmware.push.fileLine', {
                    version: file.version,
                    size: formatFileSize(file.size, locale),
                    date: formatDate(file.createdAt, locale),
                  })}
                </Typography>
              </Box>
            }
          />
        ))}
      </RadioGroup>
    </Box>
  );
}
