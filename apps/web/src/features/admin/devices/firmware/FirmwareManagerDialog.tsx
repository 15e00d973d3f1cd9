import CloseIcon from '@mui/icons-material/Close';
import UploadIcon from '@mui/icons-material/Upload';
import type { FirmwareFileView, FirmwareFolderName } from '@fairway/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { ApiError } from '../../../../lib/api-client';
import { showToast } from '../../../../lib/notifications';
import { RefreshButton } from '../../components/RefreshButton';
import { useDeleteFirmware } from './api/delete-firmware';
import { useFirmwareFiles } from './api/get-firmware-files';
import { FirmwareFileList } from './components/FirmwareFileList';
import { UploadFirmwareDialog } from './components/UploadFirmwareDialog';
import { GSM_FOLDERS, useFolderLabel, type FirmwareTab } from './lib/firmware-folders';

export interface FirmwareManagerDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The firmware manager (spec §2, issue 20; superadmin): tab WiFi lists the WiFi images, tab GSM the two fixed
 * modem folders SIM7600 and SIM7000. Each image shows its version, size, upload time and SHA-256; Upload adds one
 * to the folder shown, Delete ('Delete Firmware?') removes one.
 */
export function FirmwareManagerDialog({ open, onClose }: FirmwareManagerDialogProps) {
  const { t } = useTranslation();
  const folderLabel = useFolderLabel();
  const titleId = useId();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [tab, setTab] = useState<FirmwareTab>('wifi');
  const [gsmFolder, setGsmFolder] = useState<(typeof GSM_FOLDERS)[number]>('sim7600');
  const [uploading, setUploading] = useState(false);
  const [deleting, setDeleting] = useState<FirmwareFileView | null>(null);
  const folder: FirmwareFolderName = tab === 'wifi' ? 'wifi' : gsmFolder;
  const files = useFirmwareFiles(folder, open);
  const remove = useDeleteFirmware();

  const confirmDelete = () => {
    const file = deleting;
    setDeleting(null);
    if (!file) return;
    remove.mutate(file._id, {
      onSuccess: () => showToast(t('adminFirmware.delete.done', { name: file.name }), 'success'),
      onError: (error) =>
        showToast(error instanceof ApiError ? error.message : t('adminFirmware.delete.failed'), 'error'),
    });
  };

  return (
    <>
      <Dialog
        open={open}
        onClose={onClose}
        aria-labelledby={titleId}
        fullScreen={fullScreen}
        fullWidth
        maxWidth="md"
        data-testid="firmware-manager"
      >
        <DialogTitle id={titleId} sx={{ pr: 7 }}>
          {t('adminFirmware.title')}
        </DialogTitle>
        <IconButton
          // Beside the title, not in it: the dialog is named by the title alone.
          onClick={onClose}
          aria-label={t('adminFirmware.close')}
          sx={{ position: 'absolute', right: 8, top: 8 }}
        >
          <CloseIcon />
        </IconButton>
        <Box sx={{ borderBottom: 1, borderColor: 'divider', px: { xs: 1, sm: 3 } }}>
          <Tabs
            value={tab}
            onChange={(_, next: FirmwareTab) => setTab(next)}
            aria-label={t('adminFirmware.tabsLabel')}
          >
            <Tab value="wifi" label={t('adminFirmware.tabs.wifi')} data-testid="firmware-tab-wifi" />
            <Tab value="gsm" label={t('adminFirmware.tabs.gsm')} data-testid="firmware-tab-gsm" />
          </Tabs>
        </Box>
        <DialogContent sx={{ minHeight: { sm: 360 } }}>
          <Stack
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 2 }}
          >
            {tab === 'gsm' ? (
              <ToggleButtonGroup
                exclusive
                size="small"
                value={gsmFolder}
                onChange={(_, next: (typeof GSM_FOLDERS)[number] | null) => next && setGsmFolder(next)}
                aria-label={t('adminFirmware.modemLabel')}
                sx={{ mr: { xs: '100%', sm: 0 } }}
              >
                {GSM_FOLDERS.map((name) => (
                  <ToggleButton key={name} value={name} data-testid={`firmware-folder-${name}`}>
                    {folderLabel(name)}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
            ) : (
              <Typography variant="body2" sx={{ color: 'text.secondary', width: { xs: '100%', sm: 'auto' } }}>
                {t('adminFirmware.wifiHint')}
              </Typography>
            )}
            <Box sx={{ flex: 1 }} />
            <RefreshButton
              refreshing={files.isFetching}
              onRefresh={() => void files.refetch()}
              testId="firmware-refresh"
            />
            <Button
              variant="contained"
              startIcon={<UploadIcon />}
              onClick={() => setUploading(true)}
              data-testid="firmware-upload-open"
            >
              {t('adminFirmware.upload.open')}
            </Button>
          </Stack>
          <FirmwareFileList
            folderLabel={folderLabel(folder)}
            files={files.data}
            isPending={files.isPending}
            error={files.error}
            onRetry={() => void files.refetch()}
            onUpload={() => setUploading(true)}
            onDelete={setDeleting}
          />
        </DialogContent>
      </Dialog>
      {open && uploading && (
        <UploadFirmwareDialog
          folder={folder}
          onClose={() => setUploading(false)}
          onUploaded={(stored) => {
            // Show the folder the image went to, which the admin may have changed in the upload dialog.
            if (stored.folder === 'wifi') setTab('wifi');
            else {
              setTab('gsm');
              setGsmFolder(stored.folder);
            }
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('adminFirmware.delete.title')}
        message={t('adminFirmware.delete.message', { name: deleting?.name ?? '' })}
        confirmLabel={t('adminFirmware.delete.confirm')}
        cancelLabel={t('adminFirmware.cancel')}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </>
  );
}
