import { codeFindQuery } from '@fairway/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ErrorState';
import { ApiError } from '../../../lib/api-client';
import { useFindCode } from '../api/find-code';
import { FoundCodeCard } from './FoundCodeCard';

interface FindCodeDialogProps {
  open: boolean;
  siteId: string;
  onClose: () => void;
}

/** Spec §2 Find Code (keypad sites): whose keypad code or RFID tag a number is. */
export function FindCodeDialog({ open, siteId, onClose }: FindCodeDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [value, setValue] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [submitted, setSubmitted] = useState<string | null>(null);
  const lookup = useFindCode(siteId, submitted);
  const notFound = lookup.error instanceof ApiError && lookup.error.status === 404;

  const onSubmit = () => {
    const parsed = codeFindQuery.safeParse({ code: value });
    setInvalid(!parsed.success);
    if (!parsed.success) return;
    // The same number again asks the server again: the code may have been given out meanwhile.
    if (parsed.data.code === submitted) void lookup.refetch();
    else setSubmitted(parsed.data.code);
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <DialogTitle id={titleId}>{t('members.findCode.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t('members.findCode.label')}
              value={value}
              onChange={(event) => {
                setValue(event.target.value);
                setInvalid(false);
              }}
              error={invalid}
              helperText={invalid ? t('members.findCode.digitsOnly') : t('members.findCode.hint')}
              autoFocus
              fullWidth
              autoComplete="off"
              slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'find-code-input' } }}
            />
            {submitted !== null &&
              (lookup.isFetching ? (
                <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
                  <CircularProgress size={28} aria-label={t('common.loading')} />
                </Box>
              ) : lookup.data ? (
                <FoundCodeCard result={lookup.data} />
              ) : notFound ? (
                <Alert severity="info" data-testid="find-code-not-found">
                  {t('members.findCode.notFound', { code: submitted })}
                </Alert>
              ) : lookup.isError ? (
                <ErrorState error={lookup.error} onRetry={() => void lookup.refetch()} />
              ) : null)}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('members.close')}</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={value.trim() === ''}
            data-testid="find-code-submit"
          >
            {t('members.findCode.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
