import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import MemoryIcon from '@mui/icons-material/Memory';
import type { FirmwareFileView } from '@fairway/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../../../components/EmptyState';
import { ErrorState } from '../../../../../components/ErrorState';
import { MomentText } from '../../../components/MomentText';
import { SkeletonRows } from '../../../components/SkeletonRows';
import { formatFileSize } from '../lib/firmware-upload';
import { Sha256Chip } from './Sha256Chip';
import { VISUALLY_HIDDEN } from '../../../../../lib/visually-hidden';

interface FirmwareFileListProps {
  folderLabel: string;
  files: FirmwareFileView[] | undefined;
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
  onUpload: () => void;
  onDelete: (file: FirmwareFileView) => void;
}

const COLUMNS = 6;

/**
 * One folder's images: name, version, size, uploaded, SHA-256 (short, copyable) and delete. A table from tablet
 * width; on a phone each image is a block of its own, so nothing needs a sideways scroll.
 */
export function FirmwareFileList({
  folderLabel,
  files,
  isPending,
  error,
  onRetry,
  onUpload,
  onDelete,
}: FirmwareFileListProps) {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const locale = i18n.resolvedLanguage ?? 'en';

  if (error && !files) {
    return <ErrorState error={error} onRetry={onRetry} title={t('adminFirmware.loadFailed')} />;
  }
  if (files && files.length === 0) {
    return (
      <EmptyState
        size="card"
        icon={<MemoryIcon />}
        title={t('adminFirmware.empty.title', { folder: folderLabel })}
        description={t('adminFirmware.empty.hint')}
        action={
          <Button variant="outlined" onClick={onUpload}>
            {t('adminFirmware.upload.open')}
          </Button>
        }
      />
    );
  }

  const deleteButton = (file: FirmwareFileView) => (
    <Tooltip title={t('adminFirmware.delete.action')}>
      <IconButton
        onClick={() => onDelete(file)}
        aria-label={t('adminFirmware.delete.label', { name: file.name })}
        data-testid="firmware-delete"
      >
        <DeleteOutlinedIcon />
      </IconButton>
    </Tooltip>
  );

  if (phone) {
    if (isPending || !files) {
      return (
        <Stack spacing={1.5} aria-busy="true" aria-label={t('adminFirmware.loading')}>
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} variant="rounded" height={72} data-testid="skeleton-row" />
          ))}
        </Stack>
      );
    }
    return (
      <Stack
        component="ul"
        spacing={1}
        sx={{ listStyle: 'none', p: 0, m: 0 }}
        aria-label={t('adminFirmware.tableLabel', { folder: folderLabel })}
      >
        {files.map((file) => (
          <Box
            component="li"
            key={file._id}
            data-testid={`firmware-row-${file.name}`}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, display: 'flex', gap: 1 }}
          >
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="subtitle2" sx={{ overflowWrap: 'anywhere' }}>
                {file.name}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('adminFirmware.phoneLine', {
                  version: file.version,
                  size: formatFileSize(file.size, locale),
                })}
              </Typography>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <MomentText at={file.createdAt} never="" />
                <Sha256Chip sha256={file.sha256} name={file.name} />
              </Stack>
            </Box>
            <Box>{deleteButton(file)}</Box>
          </Box>
        ))}
      </Stack>
    );
  }

  return (
    <TableContainer>
      <Table size="small" aria-label={t('adminFirmware.tableLabel', { folder: folderLabel })}>
        <TableHead>
          <TableRow>
            <TableCell>{t('adminFirmware.columns.name')}</TableCell>
            <TableCell>{t('adminFirmware.columns.version')}</TableCell>
            <TableCell align="right">{t('adminFirmware.columns.size')}</TableCell>
            <TableCell>{t('adminFirmware.columns.uploaded')}</TableCell>
            <TableCell>{t('adminFirmware.columns.sha256')}</TableCell>
            <TableCell align="right">
              <Box component="span" sx={VISUALLY_HIDDEN}>
                {t('adminFirmware.columns.actions')}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {isPending || !files ? (
            <SkeletonRows columns={COLUMNS} rows={3} />
          ) : (
            files.map((file) => (
              <TableRow key={file._id} hover data-testid={`firmware-row-${file.name}`}>
                <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 140 }}>{file.name}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{file.version}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatFileSize(file.size, locale)}
                </TableCell>
                <TableCell>
                  <MomentText at={file.createdAt} never="" />
                </TableCell>
                <TableCell>
                  <Sha256Chip sha256={file.sha256} name={file.name} />
                </TableCell>
                <TableCell align="right" padding="none" sx={{ pr: 1 }}>
                  {deleteButton(file)}
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
