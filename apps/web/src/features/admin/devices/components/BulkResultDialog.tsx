import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export interface SkippedRow {
  id: string;
  /** the car number, or the serial of a tracker that is not a car */
  car: string;
  reason: string;
}

export interface BulkOutcome {
  action: string;
  done: number;
  skipped: SkippedRow[];
}

/** After a bulk action some trackers did not take: which, and why (the server's message). */
export function BulkResultDialog({ outcome, onClose }: { outcome: BulkOutcome | null; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  return (
    <Dialog
      open={outcome !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      data-testid="bulk-result"
    >
      <DialogTitle id={titleId}>
        {t('adminDevices.result.title', { action: outcome?.action ?? '' })}
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>
          {t('adminDevices.result.summary', {
            done: outcome?.done ?? 0,
            skipped: outcome?.skipped.length ?? 0,
          })}
        </DialogContentText>
        <Table size="small" aria-label={t('adminDevices.result.tableLabel')}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ fontWeight: 600 }}>{t('adminDevices.result.car')}</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>{t('adminDevices.result.reason')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {outcome?.skipped.map((row) => (
              <TableRow key={row.id} data-testid="bulk-result-row">
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.car}</TableCell>
                <TableCell>{row.reason}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} autoFocus>
          {t('adminDevices.result.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
