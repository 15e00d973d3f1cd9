import CloseIcon from '@mui/icons-material/Close';
import LinkIcon from '@mui/icons-material/Link';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { SIM_ENDPOINT_STATUS, SIM_STATUS, type AdminDeviceView, type SimCardView } from '@fairway/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { ErrorState } from '../../../../components/ErrorState';
import { LabelledFact, LabelledFacts } from '../../../../components/LabelledFacts';
import { ApiError } from '../../../../lib/api-client';
import { showToast } from '../../../../lib/notifications';
import { useChangeDeviceSim, useDeviceSim, type SimChange } from './api/device-sim';
import { ConnectivityChip } from './components/ConnectivityChip';
import { SimResetProgressView } from './components/SimResetProgressView';
import { simErrorText, type SimAction } from './lib/sim-errors';
import { useSimReset } from './use-sim-reset';

export interface SimDialogProps {
  /** the tracker whose SIM card is managed; null: closed */
  device: AdminDeviceView | null;
  onClose: () => void;
}

/** Row action "SIM management" (spec §2, §4, §8; issue 20): status, register, de-register, enable/disable, reset. */
export function SimDialog({ device, onClose }: SimDialogProps) {
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const titleId = useId();
  // The last tracker stays shown while the dialog fades out after `device` became null.
  const [shown, setShown] = useState(device);
  if (device && device !== shown) setShown(device);
  return (
    <Dialog
      open={device !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      data-testid="sim-dialog"
    >
      {shown && <SimDialogBody key={shown._id} device={shown} titleId={titleId} onClose={onClose} />}
    </Dialog>
  );
}

type Pending = 'register' | 'deregister' | 'enable' | 'disable' | 'reset';

function SimDialogBody({
  device,
  titleId,
  onClose,
}: {
  device: AdminDeviceView;
  titleId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const sim = useDeviceSim(device._id);
  const change = useChangeDeviceSim(device._id);
  const reset = useSimReset(device._id, device.siteID);
  const [asking, setAsking] = useState<Pending | null>(null);
  // 'Register SIM?', 'De-Register SIM?', 'Update SIM?' (spec §8) and the reset's own question; the last one
  // asked stays while the confirmation closes.
  const [question, setQuestion] = useState<Pending>('register');
  const ask = (next: Pending) => {
    setQuestion(next);
    setAsking(next);
  };
  const [failure, setFailure] = useState<string | null>(null);
  // One SIM's news replaces its older news rather than queueing behind it.
  const topic = `sim-${device._id}`;
  const name = device.carNumber ? t('adminFirmware.sim.car', { number: device.carNumber }) : device.serial;

  // The reset's end: say so, and read the SIM again (its statuses went round and back).
  const resetState = reset.progress?.state;
  const announced = useRef<string | null>(null);
  const refetchSim = sim.refetch;
  useEffect(() => {
    const key = reset.progress ? `${reset.progress.startedAt}:${resetState}` : null;
    if (!key || announced.current === key || resetState === 'running') return;
    announced.current = key;
    if (resetState === 'done') showToast(t('adminFirmware.sim.reset.done'), 'success', { topic });
    else showToast(t('adminFirmware.sim.reset.failedToast'), 'error', { topic });
    void refetchSim();
  }, [reset.progress, resetState, refetchSim, t, topic]);

  const run = (action: Pending) => {
    setAsking(null);
    setFailure(null);
    if (action === 'reset') {
      // The progress shows in the dialog from the 202 on; only a refusal needs saying here.
      reset.start().catch((error: unknown) => setFailure(simErrorText(error, 'reset', t)));
      return;
    }
    const request: SimChange =
      action === 'register' || action === 'deregister'
        ? { kind: action }
        : { kind: 'enable', enabled: action === 'enable' };
    const errorAction: SimAction = action === 'enable' || action === 'disable' ? 'update' : action;
    change.mutate(request, {
      onSuccess: () => showToast(t(`adminFirmware.sim.${action}.done`), 'success', { topic }),
      onError: (error) => setFailure(simErrorText(error, errorAction, t)),
    });
  };

  const busy = change.isPending || reset.starting || reset.progress?.state === 'running';

  return (
    <>
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {t('adminFirmware.sim.title', { name })}
      </DialogTitle>
      <IconButton
        // Beside the title, not in it: the dialog is named by the title alone.
        onClick={onClose}
        aria-label={t('adminFirmware.close')}
        sx={{ position: 'absolute', right: 8, top: 8 }}
      >
        <CloseIcon />
      </IconButton>
      {/* Focusable: while a reset runs every control is disabled, and the scrolling content still needs the keyboard. */}
      <DialogContent tabIndex={0}>
        {sim.isPending ? (
          <Stack spacing={1.5} aria-busy="true" aria-label={t('adminFirmware.sim.loading')}>
            <Skeleton variant="rounded" height={28} width={140} />
            <Skeleton variant="rounded" height={96} />
            <Skeleton variant="rounded" height={40} />
          </Stack>
        ) : sim.isError && !sim.data ? (
          <ErrorState
            error={sim.error}
            title={
              sim.error instanceof ApiError && sim.error.status === 503
                ? t('adminFirmware.sim.errors.unavailableTitle')
                : t('adminFirmware.sim.loadFailed')
            }
            onRetry={() => void sim.refetch()}
          />
        ) : sim.data ? (
          <Stack spacing={2.5}>
            <SimFacts view={sim.data} device={device} />
            <Divider />
            {sim.data.registered ? (
              <Stack spacing={1.5}>
                <FormControlLabel
                  control={
                    <Switch
                      checked={sim.data.endpointStatus === SIM_ENDPOINT_STATUS.enabled}
                      onChange={(_, checked) => ask(checked ? 'enable' : 'disable')}
                      disabled={busy}
                      slotProps={{ input: { 'data-testid': 'sim-enabled' } as object }}
                    />
                  }
                  label={t('adminFirmware.sim.enabledLabel')}
                />
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                  <Button
                    variant="outlined"
                    startIcon={<RestartAltIcon />}
                    onClick={() => ask('reset')}
                    disabled={busy}
                    loading={reset.starting}
                    data-testid="sim-reset"
                  >
                    {t('adminFirmware.sim.reset.action')}
                  </Button>
                  <Button
                    variant="outlined"
                    color="error"
                    startIcon={<LinkOffIcon />}
                    onClick={() => ask('deregister')}
                    disabled={busy}
                    data-testid="sim-deregister"
                  >
                    {t('adminFirmware.sim.deregister.action')}
                  </Button>
                </Stack>
              </Stack>
            ) : (
              <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {(sim.data.iccid ?? device.gprsCcid)
                    ? t('adminFirmware.sim.register.hint')
                    : t('adminFirmware.sim.register.noCcidHint')}
                </Typography>
                <Button
                  variant="contained"
                  startIcon={<LinkIcon />}
                  onClick={() => ask('register')}
                  disabled={busy}
                  loading={change.isPending}
                  data-testid="sim-register"
                >
                  {t('adminFirmware.sim.register.action')}
                </Button>
              </Stack>
            )}
            {failure && (
              <Alert severity="error" role="alert" onClose={() => setFailure(null)}>
                {failure}
              </Alert>
            )}
            {reset.progress && <SimResetProgressView progress={reset.progress} />}
          </Stack>
        ) : null}
      </DialogContent>
      <ConfirmDialog
        open={asking !== null}
        title={t(`adminFirmware.sim.${question}.confirmDialog.title`)}
        message={t(`adminFirmware.sim.${question}.confirmDialog.message`, { name })}
        confirmLabel={t(`adminFirmware.sim.${question}.confirmDialog.confirm`)}
        cancelLabel={t('adminFirmware.cancel')}
        onCancel={() => setAsking(null)}
        onConfirm={() => asking && run(asking)}
      />
    </>
  );
}

function SimFacts({ view, device }: { view: SimCardView; device: AdminDeviceView }) {
  const { t } = useTranslation();
  const none = t('adminFirmware.sim.none');
  const simStatus =
    view.simStatus === null
      ? none
      : view.simStatus === SIM_STATUS.active
        ? t('adminFirmware.sim.simStatus.active')
        : view.simStatus === SIM_STATUS.suspended
          ? t('adminFirmware.sim.simStatus.suspended')
          : t('adminFirmware.sim.simStatus.other', { code: view.simStatus });
  const endpointStatus =
    view.endpointStatus === null
      ? none
      : view.endpointStatus === SIM_ENDPOINT_STATUS.enabled
        ? t('adminFirmware.sim.endpointStatus.enabled')
        : t('adminFirmware.sim.endpointStatus.disabled');
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Chip
          size="small"
          color={view.registered ? 'success' : 'default'}
          variant={view.registered ? 'filled' : 'outlined'}
          label={view.registered ? t('adminFirmware.sim.registered') : t('adminFirmware.sim.notRegistered')}
          data-testid="sim-registered"
          data-registered={view.registered}
        />
        {view.registered && <ConnectivityChip connectivity={view.connectivity} />}
      </Stack>
      <LabelledFacts minWidth={140}>
        <LabelledFact size="detail" label={t('adminFirmware.sim.facts.iccid')} wide>
          <span style={{ fontFamily: 'monospace' }}>{view.iccid ?? device.gprsCcid ?? none}</span>
        </LabelledFact>
        <LabelledFact size="detail" label={t('adminFirmware.sim.facts.carrier')}>
          {view.carrier ?? device.gprsCarrier ?? none}
        </LabelledFact>
        {view.registered && (
          <>
            <LabelledFact size="detail" label={t('adminFirmware.sim.facts.endpoint')}>
              {view.endpointId ?? none}
            </LabelledFact>
            <LabelledFact size="detail" label={t('adminFirmware.sim.facts.endpointStatus')}>
              {endpointStatus}
            </LabelledFact>
            <LabelledFact size="detail" label={t('adminFirmware.sim.facts.simStatus')}>
              {simStatus}
            </LabelledFact>
          </>
        )}
      </LabelledFacts>
    </Stack>
  );
}
