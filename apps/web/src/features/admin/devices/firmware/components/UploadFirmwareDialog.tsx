import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  FIRMWARE_FOLDERS,
  FIRMWARE_MESSAGES,
  type FirmwareFileView,
  type FirmwareFolderName,
} from '@fairway/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { TFunction } from 'i18next';
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, apiErrorCode } from '../../../../../lib/api-client';
import { showToast } from '../../../../../lib/notifications';
import { useUploadFirmware } from '../api/upload-firmware';
import { useFolderLabel } from '../lib/firmware-folders';
import {
  firmwareFileProblem,
  formatFileSize,
  versionOfFile,
  versionProblem,
  type FirmwareFileProblem,
} from '../lib/firmware-upload';

/** The server's own refusals of a file (domain FIRMWARE_MESSAGES), said in the interface language. */
function uploadRefusal(error: unknown, t: TFunction): string {
  if (!(error instanceof ApiError)) return t('adminFirmware.upload.failed');
  switch (error.message) {
    case FIRMWARE_MESSAGES.noFile:
      return t('adminFirmware.upload.errors.noFile');
    case FIRMWARE_MESSAGES.notBin:
      return t('adminFirmware.upload.errors.notBin');
    case FIRMWARE_MESSAGES.tooLarge:
      return t('adminFirmware.upload.errors.tooLarge');
    case FIRMWARE_MESSAGES.checksum:
      return t('adminFirmware.upload.errors.checksum');
    case FIRMWARE_MESSAGES.noVersion:
      return t('adminFirmware.upload.errors.version.required');
    default:
      return error.message;
  }
}

interface UploadFirmwareDialogProps {
  /** the folder of the tab the manager shows; the dialog lets the admin pick another */
  folder: FirmwareFolderName;
  onClose: () => void;
  onUploaded?: (file: FirmwareFileView) => void;
}

/**
 * Upload Firmware (spec §2, §8): a .bin under 5 MB into one folder, with the version the server would read from
 * the name prefilled. The file is checked here before anything is sent; the server's refusals (409 a name already
 * in the folder, 400) show in the dialog. The upload shows a running bar while it travels (the API client uses
 * fetch, which reports no upload progress).
 */
export function UploadFirmwareDialog({
  folder: initialFolder,
  onClose,
  onUploaded,
}: UploadFirmwareDialogProps) {
  const { t, i18n } = useTranslation();
  const folderLabel = useFolderLabel();
  const titleId = useId();
  const fileHelpId = useId();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const upload = useUploadFirmware();
  const [folder, setFolder] = useState<FirmwareFolderName>(initialFolder);
  const [file, setFile] = useState<File | null>(null);
  const [version, setVersion] = useState('');
  const [fileProblem, setFileProblem] = useState<FirmwareFileProblem | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const locale = i18n.resolvedLanguage ?? 'en';
  const busy = upload.isPending;
  // Without a file the file's own message says enough.
  const versionError = submitted && file ? versionProblem(version, file) : null;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    // Cleared, so choosing the same file again (after fixing it on disk) is noticed; a cancelled choice keeps the last.
    event.target.value = '';
    if (!chosen) return;
    setFile(chosen);
    setRefusal(null);
    setFileProblem(firmwareFileProblem(chosen));
    setVersion(versionOfFile(chosen));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setRefusal(null);
    const problem = firmwareFileProblem(file);
    setFileProblem(problem);
    if (problem || !file || versionProblem(version, file)) return;
    upload.mutate(
      { folder, file, version: version.trim() || undefined },
      {
        onSuccess: (stored) => {
          showToast(t('adminFirmware.upload.done', { name: stored.name }), 'success');
          onUploaded?.(stored);
          onClose();
        },
        onError: (error) => {
          if (apiErrorCode(error) === 'duplicateName')
            setRefusal(t('adminFirmware.upload.errors.duplicate', { name: file.name }));
          else setRefusal(uploadRefusal(error, t));
        },
      },
    );
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
    >
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogTitle id={titleId}>{t('adminFirmware.upload.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <TextField
              select
              label={t('adminFirmware.upload.folder')}
              value={folder}
              onChange={(event) => setFolder(event.target.value as FirmwareFolderName)}
              disabled={busy}
              slotProps={{
                select: { SelectDisplayProps: { 'data-testid': 'firmware-upload-folder' } as object },
              }}
            >
              {FIRMWARE_FOLDERS.map((name) => (
                <MenuItem key={name} value={name}>
                  {folderLabel(name)}
                </MenuItem>
              ))}
            </TextField>

            <Box>
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1.5}
                sx={{ alignItems: { sm: 'center' } }}
              >
                <Button
                  component="label"
                  variant="outlined"
                  startIcon={<UploadFileIcon />}
                  disabled={busy}
                  sx={{ flexShrink: 0 }}
                >
                  {t('adminFirmware.upload.choose')}
                  <input
                    type="file"
                    accept=".bin,application/octet-stream"
                    hidden
                    onChange={choose}
                    aria-describedby={fileHelpId}
                    data-testid="firmware-file-input"
                  />
                </Button>
                <Typography
                  variant="body2"
                  sx={{ color: file ? 'text.primary' : 'text.secondary', overflowWrap: 'anywhere' }}
                  data-testid="firmware-file-name"
                >
                  {file
                    ? t('adminFirmware.upload.chosen', {
                        name: file.name,
                        size: formatFileSize(file.size, locale),
                      })
                    : t('adminFirmware.upload.noneChosen')}
                </Typography>
              </Stack>
              <FormHelperText
                id={fileHelpId}
                error={fileProblem !== null}
                role={fileProblem ? 'alert' : undefined}
              >
                {fileProblem
                  ? t(`adminFirmware.upload.errors.${fileProblem}`)
                  : t('adminFirmware.upload.fileHint')}
              </FormHelperText>
            </Box>

            <TextField
              label={t('adminFirmware.upload.version')}
              value={version}
              onChange={(event) => setVersion(event.target.value)}
              disabled={busy}
              error={versionError !== null}
              helperText={
                versionError
                  ? t(`adminFirmware.upload.errors.version.${versionError}`)
                  : t('adminFirmware.upload.versionHint')
              }
              slotProps={{ htmlInput: { maxLength: 40, 'data-testid': 'firmware-upload-version' } }}
            />

            {busy && (
              <Box>
                <Typography variant="body2" sx={{ mb: 0.5 }}>
                  {t('adminFirmware.upload.sending', { name: file?.name ?? '' })}
                </Typography>
                <LinearProgress
                  aria-label={t('adminFirmware.upload.sendingLabel')}
                  data-testid="firmware-upload-progress"
                />
              </Box>
            )}
            {refusal && (
              <Alert severity="error" role="alert">
                {refusal}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('adminFirmware.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={busy} data-testid="firmware-upload-submit">
            {t('adminFirmware.upload.submit')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
