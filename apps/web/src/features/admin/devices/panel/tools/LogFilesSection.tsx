import type { AdminDeviceView } from '@fairway/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ErrorState, useErrorMessage } from '../../../../../components/ErrorState';
import { formatDate } from '../../../../../lib/date-format';
import { useDownloadLogFile, useLogFiles } from '../api/log-files';
import { formatBytes } from '../format';
import { VISUALLY_HIDDEN } from '../../../../../lib/visually-hidden';

/** Log Files: one text file per day with system log lines; name, date, size and a download link each. */
export function LogFilesSection({ device }: { device: AdminDeviceView }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  const files = useLogFiles(device._id);
  const download = useDownloadLogFile(device._id);
  const downloadError = useErrorMessage(download.error);

  if (files.isPending) {
    return (
      <Stack spacing={1} data-testid="log-files-loading">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} variant="rounded" height={32} />
        ))}
      </Stack>
    );
  }
  if (files.isError) {
    return (
      <ErrorState
        error={files.error}
        onRetry={() => void files.refetch()}
        title={t('adminDeviceTools.logFiles.loadFailed')}
      />
    );
  }
  if (files.data.length === 0) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary', py: 1 }} data-testid="log-files-empty">
        {t('adminDeviceTools.logFiles.empty')}
      </Typography>
    );
  }
  return (
    <Stack spacing={1.5}>
      {download.isError && (
        <Alert severity="error" onClose={() => download.reset()}>
          {t('adminDeviceTools.logFiles.downloadFailed', { message: downloadError })}
        </Alert>
      )}
      <TableContainer tabIndex={0} sx={{ overflowX: 'auto' }}>
        <Table
          size="small"
          aria-label={t('adminDeviceTools.logFiles.title')}
          data-testid="log-files"
          // A phone scrolls the table sideways rather than break the file names a letter a line.
          sx={{ minWidth: 480 }}
        >
          <TableHead>
            <TableRow>
              <TableCell>{t('adminDeviceTools.logFiles.name')}</TableCell>
              <TableCell>{t('adminDeviceTools.logFiles.date')}</TableCell>
              <TableCell align="right">{t('adminDeviceTools.logFiles.size')}</TableCell>
              <TableCell>
                <Box component="span" sx={VISUALLY_HIDDEN}>
                  {t('adminDeviceTools.logFiles.download')}
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {files.data.map((file) => (
              <TableRow key={file._id} data-testid={`log-file-${file.name}`}>
                <TableCell sx={{ whiteSpace: 'nowrap', fontFamily: 'monospace', fontSize: 12 }}>
                  {file.name}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {formatDate(`${file.date}T12:00:00Z`, locale, 'UTC')}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatBytes(file.size, locale)}
                </TableCell>
                <TableCell>
                  <Link
                    component="button"
                    type="button"
                    variant="body2"
                    disabled={download.isPending && download.variables === file.name}
                    onClick={() => download.mutate(file.name)}
                    aria-label={t('adminDeviceTools.logFiles.downloadFile', { name: file.name })}
                  >
                    {t('adminDeviceTools.logFiles.download')}
                  </Link>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Stack>
  );
}
