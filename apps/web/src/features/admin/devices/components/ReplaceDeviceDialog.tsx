import { LIMITS, replaceDeviceBody, type AdminDeviceView } from '@fairway/domain';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../../components/ErrorState';
import { showToast } from '../../../../lib/notifications';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';
import { adminDevicesQueryKey, getAdminDevices } from '../api/get-admin-devices';
import { useReplaceDevice } from '../api/replace-device';
import { SingleSitePicker } from './SingleSitePicker';

interface ReplaceDeviceDialogProps {
  open: boolean;
  /** the row's tracker: the one to replace */
  device: AdminDeviceView;
  onClose: () => void;
}

/** Free trackers (not a car yet) whose serial, CCID or site matches what was typed. */
function useFreeTrackers(search: string, enabled: boolean) {
  const q = useDebouncedValue(search.trim(), LIMITS.debounceMs);
  return useQuery({
    queryKey: [...adminDevicesQueryKey, 'free', q] as const,
    queryFn: async ({ signal }) => {
      const page = await getAdminDevices(
        { q: q || undefined, sort: 'serial', dir: 'asc', page: 1, pageSize: '100' },
        signal,
      );
      return page.data.filter((device) => device.carNumber === null);
    },
    enabled,
  });
}

/**
 * Replace Device (spec §2, §5): the row's car moves to a free tracker (number, name, settings and history);
 * the old one goes to staging. Old, new and site are required and the two trackers must differ.
 */
export function ReplaceDeviceDialog({ open, device, onClose }: ReplaceDeviceDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [search, setSearch] = useState('');
  const [next, setNext] = useState<AdminDeviceView | null>(null);
  const [siteId, setSiteId] = useState<string | null>(device.siteID);
  const [problem, setProblem] = useState<string | null>(null);
  const free = useFreeTrackers(search, open);
  const replace = useReplaceDevice();
  const serverError = useErrorMessage(replace.error);

  const submit = () => {
    const parsed = replaceDeviceBody.safeParse({
      oldDeviceId: device._id,
      newDeviceId: next?._id ?? '',
      siteId: siteId ?? '',
    });
    if (!parsed.success) {
      const same = parsed.error.issues.some((issue) => issue.code === 'custom');
      setProblem(same ? t('adminDevices.replace.same') : t('adminDevices.replace.fillAll'));
      return;
    }
    setProblem(null);
    replace.mutate(parsed.data, {
      onSuccess: () => {
        showToast(t('adminDevices.replace.done'), 'success');
        onClose();
      },
    });
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
    >
      <DialogTitle id={titleId}>{t('adminDevices.replace.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={t('adminDevices.replace.old')}
            value={
              device.carNumber === null
                ? device.serial
                : t('adminDevices.replace.oldValue', { serial: device.serial, car: device.carNumber })
            }
            slotProps={{ input: { readOnly: true }, htmlInput: { 'data-testid': 'replace-old' } }}
          />
          <Autocomplete<AdminDeviceView, false, false, false>
            options={free.data ?? []}
            value={next}
            loading={free.isFetching}
            onChange={(_event, picked) => {
              setNext(picked);
              setProblem(null);
            }}
            inputValue={search}
            onInputChange={(_event, value) => setSearch(value)}
            filterOptions={(options) => options}
            getOptionLabel={(option) => option.serial}
            isOptionEqualToValue={(option, picked) => option._id === picked._id}
            renderOption={({ key, ...props }, option) => (
              <li key={key} {...props}>
                {t('adminDevices.replace.freeOption', { serial: option.serial, site: option.siteName })}
              </li>
            )}
            loadingText={t('adminDevices.loading')}
            noOptionsText={t('adminDevices.replace.noFree')}
            renderInput={(params) => (
              <TextField
                {...params}
                required
                label={t('adminDevices.replace.new')}
                helperText={
                  free.isError ? t('adminDevices.replace.freeFailed') : t('adminDevices.replace.newHint')
                }
                error={free.isError}
                slotProps={{
                  ...params.slotProps,
                  htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'replace-new' },
                }}
              />
            )}
          />
          <SingleSitePicker
            value={siteId}
            onChange={(id) => {
              setSiteId(id);
              setProblem(null);
            }}
            label={t('adminDevices.replace.site')}
            testId="replace-site"
          />
          {problem && (
            <Alert severity="warning" data-testid="replace-problem">
              {problem}
            </Alert>
          )}
          {replace.isError && (
            <Alert severity="error" data-testid="replace-error">
              {serverError || t('adminDevices.replace.failed')}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('adminDevices.cancel')}</Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={replace.isPending}
          data-testid="replace-submit"
        >
          {t('adminDevices.replace.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
