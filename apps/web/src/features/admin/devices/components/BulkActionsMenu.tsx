import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import {
  BATTERY_CALIBRATION,
  calibrateBatteryBody,
  COMMAND_CODES,
  MODEM_TYPES,
  PCB_REVISIONS,
  pingBody,
  POWER_TYPES,
  VEHICLE_MODELS,
  type AdminDeviceView,
  type HardwareInfo,
  type VehicleInfo,
} from '@fairway/domain';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { ApiError } from '../../../../lib/api-client';
import { showToast } from '../../../../lib/notifications';
import {
  useDeviceBulkAction,
  type DeviceBulkAction,
  type DeviceBulkAnswer,
} from '../api/device-bulk-actions';
import { BulkFormDialog } from './BulkFormDialog';
import { BulkResultDialog, type BulkOutcome } from './BulkResultDialog';
import { SingleSitePicker } from './SingleSitePicker';

/** The spec's commands (§2 Bulk Actions), in its order. */
const COMMANDS = [
  ['ping', COMMAND_CODES.ping],
  ['restartModem', COMMAND_CODES.restartModem],
  ['reboot', COMMAND_CODES.reboot],
  ['restartWifi', COMMAND_CODES.restartWifi],
  ['toggleCatM1', COMMAND_CODES.toggleCatM1],
  ['reset', COMMAND_CODES.reset],
] as const;
type CommandKey = (typeof COMMANDS)[number][0];

type FormKind = 'customPing' | 'vehicleSettings' | 'hardwareInfo' | 'server' | 'calibrate' | 'moveSite';
type ConfirmKind = 'delete' | 'server' | 'reboot' | 'reset';

interface BulkActionsMenuProps {
  /** the ticked trackers */
  selected: readonly AdminDeviceView[];
  /** Bulk Actions → Firmware: the push dialog for these trackers */
  onFirmware: (ids: string[]) => void;
}

/**
 * Bulk Actions (spec §2 Admin area, §5): disabled without a selection. Every result is a toast with how
 * many trackers took it, and a dialog listing the cars that did not, and why.
 */
export function BulkActionsMenu({ selected, onFirmware }: BulkActionsMenuProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [form, setForm] = useState<FormKind | null>(null);
  const [confirming, setConfirming] = useState<ConfirmKind | null>(null);
  const [outcome, setOutcome] = useState<BulkOutcome | null>(null);
  const bulk = useDeviceBulkAction();
  const count = selected.length;
  const ids = selected.map((device) => device._id);

  // Form values (reset each time a form opens).
  const [customCode, setCustomCode] = useState('');
  const [vehicle, setVehicle] = useState<{ model: string; power: string }>({ model: '', power: '' });
  const [hardware, setHardware] = useState({ rev: '', modem: '', externalAntenna: false });
  const [server, setServer] = useState<'' | 'prod' | 'beta'>('');
  const [calibration, setCalibration] = useState(String(BATTERY_CALIBRATION.reset));
  const [siteId, setSiteId] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const carOf = (id: string, carNumber: string | null) =>
    carNumber ?? selected.find((device) => device._id === id)?.serial ?? id;

  const report = (label: string, answer: DeviceBulkAnswer) => {
    const result: BulkOutcome =
      answer.kind === 'commands'
        ? {
            action: label,
            done: answer.result.commands.length,
            skipped: answer.result.skipped.map((skip) => ({
              id: skip.id,
              car: carOf(skip.id, skip.carNumber),
              reason: t(`adminDevices.skipReasons.${skip.reason}`),
            })),
          }
        : {
            action: label,
            done: answer.result.done,
            skipped: answer.result.skipped.map((skip) => ({
              id: skip.id,
              car: carOf(skip.id, skip.carNumber),
              reason: skip.message,
            })),
          };
    showToast(
      answer.kind === 'commands'
        ? t('adminDevices.bulk.sent', { total: result.done })
        : t('adminDevices.bulk.done', { action: label, total: result.done, of: count }),
      result.skipped.length > 0 ? 'warning' : 'success',
    );
    if (result.skipped.length > 0) setOutcome(result);
  };

  const run = (action: DeviceBulkAction, label: string) => {
    setForm(null);
    setConfirming(null);
    bulk.mutate(
      { action, ids },
      {
        onSuccess: (answer) => report(label, answer),
        // The server's message (e.g. a site that no longer exists), or a generic one.
        onError: (error) =>
          showToast(error instanceof ApiError ? error.message : t('adminDevices.bulk.failed'), 'error'),
      },
    );
  };

  const open = (kind: FormKind) => {
    setAnchor(null);
    setErrors({});
    if (kind === 'customPing') setCustomCode('');
    if (kind === 'vehicleSettings') setVehicle({ model: '', power: '' });
    if (kind === 'hardwareInfo') setHardware({ rev: '', modem: '', externalAntenna: false });
    if (kind === 'server') setServer('');
    if (kind === 'calibrate') setCalibration(String(BATTERY_CALIBRATION.reset));
    if (kind === 'moveSite') setSiteId(null);
    setForm(kind);
  };
  const command = (key: CommandKey, code: number) => {
    setAnchor(null);
    if (key === 'reboot' || key === 'reset') setConfirming(key);
    else run({ kind: 'ping', command: code }, t(`adminDevices.commands.${key}`));
  };
  const required = t('validation.required');

  const submitForm = () => {
    if (form === 'customPing') {
      const parsed = pingBody.safeParse({
        command: customCode.trim() === '' ? undefined : customCode.trim(),
      });
      if (customCode.trim() === '' || !/^\d+$/.test(customCode.trim()) || !parsed.success) {
        setErrors({ code: customCode.trim() === '' ? required : t('adminDevices.bulk.customPing.invalid') });
        return;
      }
      run({ kind: 'ping', command: parsed.data.command }, t('adminDevices.commands.customPing'));
    }
    if (form === 'vehicleSettings') {
      const next: Record<string, string> = {};
      if (!vehicle.model) next.model = required;
      if (!vehicle.power) next.power = required;
      setErrors(next);
      if (Object.keys(next).length > 0) return;
      const vehicleInfo = {
        cart: { model: vehicle.model, brand: '' },
        power: vehicle.power,
        notes: '',
      } as VehicleInfo;
      run({ kind: 'vehicleSettings', vehicleInfo }, t('adminDevices.menu.vehicleSettings'));
    }
    if (form === 'hardwareInfo') {
      const next: Record<string, string> = {};
      if (!hardware.rev) next.rev = required;
      if (!hardware.modem) next.modem = required;
      setErrors(next);
      if (Object.keys(next).length > 0) return;
      const hardwareInfo = {
        pcb: { rev: hardware.rev, connector: '' },
        modem: hardware.modem,
        externalAntenna: hardware.externalAntenna,
        notes: '',
      } as HardwareInfo;
      run({ kind: 'hardwareInfo', hardwareInfo }, t('adminDevices.menu.hardwareInfo'));
    }
    if (form === 'server') {
      if (!server) {
        setErrors({ server: required });
        return;
      }
      setConfirming('server');
    }
    if (form === 'calibrate') {
      const raw = calibration.trim().replace(',', '.');
      const parsed = calibrateBatteryBody.shape.value.safeParse(Number(raw));
      let problem: string | null = null;
      if (raw === '') problem = required;
      else if (!/^\d+(\.\d{1,2})?$/.test(raw)) problem = t('adminDevices.bulk.calibrate.invalid');
      else if (!parsed.success)
        problem = t('adminDevices.bulk.calibrate.range', {
          min: BATTERY_CALIBRATION.min,
          max: BATTERY_CALIBRATION.max,
        });
      if (problem !== null || !parsed.success) {
        setErrors({ value: problem ?? required });
        return;
      }
      run({ kind: 'calibrateBattery', value: parsed.data }, t('adminDevices.menu.calibrate'));
    }
    if (form === 'moveSite') {
      if (!siteId) {
        setErrors({ site: required });
        return;
      }
      run({ kind: 'moveSite', siteId }, t('adminDevices.menu.moveSite'));
    }
  };

  const confirm = () => {
    if (confirming === 'delete') run({ kind: 'delete' }, t('adminDevices.menu.delete'));
    if (confirming === 'server' && server) run({ kind: 'server', server }, t('adminDevices.menu.server'));
    if (confirming === 'reboot')
      run({ kind: 'ping', command: COMMAND_CODES.reboot }, t('adminDevices.commands.reboot'));
    if (confirming === 'reset')
      run({ kind: 'ping', command: COMMAND_CODES.reset }, t('adminDevices.commands.reset'));
  };

  const item = (testId: string, label: string, onClick: () => void) => (
    <MenuItem key={testId} data-testid={testId} onClick={onClick}>
      {label}
    </MenuItem>
  );
  const subtitle = t('adminDevices.bulk.forSelected', { total: count });

  return (
    <>
      <Tooltip title={count === 0 ? t('adminDevices.bulk.selectHint') : ''}>
        {/* A disabled button fires no events; the span lets the tooltip say why it is disabled. */}
        <span>
          <Button
            variant="contained"
            data-testid="devices-bulk"
            disabled={count === 0}
            aria-disabled={bulk.isPending || undefined}
            endIcon={<ArrowDropDownIcon />}
            aria-haspopup="menu"
            aria-controls={anchor ? 'devices-bulk-menu' : undefined}
            onClick={(event) => {
              if (!bulk.isPending) setAnchor(event.currentTarget);
            }}
          >
            {count > 0
              ? t('adminDevices.bulk.buttonWithCount', { total: count })
              : t('adminDevices.bulk.button')}
          </Button>
        </span>
      </Tooltip>
      <Menu id="devices-bulk-menu" anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <ListSubheader role="none">{t('adminDevices.menu.commands')}</ListSubheader>
        {COMMANDS.map(([key, code]) =>
          item(`bulk-command-${key}`, t(`adminDevices.commands.${key}`), () => command(key, code)),
        )}
        {item('bulk-command-custom', t('adminDevices.commands.customPing'), () => open('customPing'))}
        <Divider component="li" />
        {item('bulk-vehicle', t('adminDevices.menu.vehicleSettings'), () => open('vehicleSettings'))}
        {item('bulk-hardware', t('adminDevices.menu.hardwareInfo'), () => open('hardwareInfo'))}
        {item('bulk-server', t('adminDevices.menu.server'), () => open('server'))}
        {item('bulk-calibrate', t('adminDevices.menu.calibrate'), () => open('calibrate'))}
        {item('bulk-publish-site', t('adminDevices.menu.publishSite'), () => {
          setAnchor(null);
          run({ kind: 'publish', what: 'site' }, t('adminDevices.menu.publishSite'));
        })}
        {item('bulk-publish-device', t('adminDevices.menu.publishDevice'), () => {
          setAnchor(null);
          run({ kind: 'publish', what: 'device' }, t('adminDevices.menu.publishDevice'));
        })}
        {item('bulk-firmware', t('adminDevices.menu.firmware'), () => {
          setAnchor(null);
          onFirmware(ids);
        })}
        {item('bulk-move', t('adminDevices.menu.moveSite'), () => open('moveSite'))}
        <Divider component="li" />
        {item('bulk-delete', t('adminDevices.menu.delete'), () => {
          setAnchor(null);
          setConfirming('delete');
        })}
      </Menu>

      <BulkFormDialog
        open={form === 'customPing'}
        title={t('adminDevices.commands.customPing')}
        subtitle={subtitle}
        submitLabel={t('adminDevices.bulk.send')}
        onSubmit={submitForm}
        onClose={() => setForm(null)}
        testId="bulk-custom-ping"
      >
        <TextField
          autoFocus
          required
          label={t('adminDevices.bulk.customPing.code')}
          value={customCode}
          onChange={(event) => setCustomCode(event.target.value)}
          error={errors.code !== undefined}
          helperText={errors.code ?? t('adminDevices.bulk.customPing.hint')}
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'custom-ping-code' } }}
        />
      </BulkFormDialog>

      <BulkFormDialog
        open={form === 'vehicleSettings'}
        title={t('adminDevices.menu.vehicleSettings')}
        subtitle={subtitle}
        submitLabel={t('adminDevices.save')}
        onSubmit={submitForm}
        onClose={() => setForm(null)}
        testId="bulk-vehicle-dialog"
      >
        <TextField
          select
          required
          label={t('fleet.vehicle.model')}
          value={vehicle.model}
          onChange={(event) => setVehicle({ ...vehicle, model: event.target.value })}
          error={errors.model !== undefined}
          helperText={errors.model}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'vehicle-model' } as object } }}
        >
          {VEHICLE_MODELS.map((model) => (
            <MenuItem key={model} value={model}>
              {model === 'None' ? t('fleet.vehicle.noModel') : model}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          required
          label={t('fleet.vehicle.power')}
          value={vehicle.power}
          onChange={(event) => setVehicle({ ...vehicle, power: event.target.value })}
          error={errors.power !== undefined}
          helperText={errors.power}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'vehicle-power' } as object } }}
        >
          {POWER_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {t(`fleet.vehicle.powerTypes.${type}`)}
            </MenuItem>
          ))}
        </TextField>
      </BulkFormDialog>

      <BulkFormDialog
        open={form === 'hardwareInfo'}
        title={t('adminDevices.menu.hardwareInfo')}
        subtitle={subtitle}
        submitLabel={t('adminDevices.save')}
        onSubmit={submitForm}
        onClose={() => setForm(null)}
        testId="bulk-hardware-dialog"
      >
        <TextField
          select
          required
          label={t('fleet.admin.pcb')}
          value={hardware.rev}
          onChange={(event) => setHardware({ ...hardware, rev: event.target.value })}
          error={errors.rev !== undefined}
          helperText={errors.rev}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'hardware-pcb' } as object } }}
        >
          {PCB_REVISIONS.map((rev) => (
            <MenuItem key={rev} value={rev}>
              {rev}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          required
          label={t('fleet.admin.modem')}
          value={hardware.modem}
          onChange={(event) => setHardware({ ...hardware, modem: event.target.value })}
          error={errors.modem !== undefined}
          helperText={errors.modem}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'hardware-modem' } as object } }}
        >
          {MODEM_TYPES.map((modem) => (
            <MenuItem key={modem} value={modem}>
              {modem}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={
            <Checkbox
              checked={hardware.externalAntenna}
              onChange={(event) => setHardware({ ...hardware, externalAntenna: event.target.checked })}
            />
          }
          label={t('fleet.admin.externalAntenna')}
        />
      </BulkFormDialog>

      <BulkFormDialog
        open={form === 'server'}
        title={t('adminDevices.menu.server')}
        subtitle={subtitle}
        submitLabel={t('adminDevices.bulk.server.submit')}
        onSubmit={submitForm}
        onClose={() => setForm(null)}
        testId="bulk-server-dialog"
      >
        <TextField
          select
          required
          label={t('adminDevices.bulk.server.label')}
          value={server}
          onChange={(event) => setServer(event.target.value as 'prod' | 'beta')}
          error={errors.server !== undefined}
          helperText={errors.server}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'server-select' } as object } }}
        >
          <MenuItem value="prod">{t('adminDevices.bulk.server.prod')}</MenuItem>
          <MenuItem value="beta">{t('adminDevices.bulk.server.beta')}</MenuItem>
        </TextField>
      </BulkFormDialog>

      <BulkFormDialog
        open={form === 'calibrate'}
        title={t('adminDevices.menu.calibrate')}
        subtitle={subtitle}
        submitLabel={t('adminDevices.bulk.calibrate.submit')}
        onSubmit={submitForm}
        onClose={() => setForm(null)}
        testId="bulk-calibrate-dialog"
      >
        <TextField
          autoFocus
          required
          label={t('adminDevices.bulk.calibrate.label')}
          value={calibration}
          onChange={(event) => setCalibration(event.target.value)}
          error={errors.value !== undefined}
          helperText={
            errors.value ??
            t('adminDevices.bulk.calibrate.hint', {
              min: BATTERY_CALIBRATION.min,
              max: BATTERY_CALIBRATION.max,
            })
          }
          slotProps={{
            htmlInput: { inputMode: 'decimal', 'data-testid': 'calibrate-value' },
            input: { endAdornment: <InputAdornment position="end">V</InputAdornment> },
          }}
        />
        <Button
          sx={{ alignSelf: 'flex-start' }}
          onClick={() => {
            setCalibration(String(BATTERY_CALIBRATION.reset));
            setErrors({});
          }}
          data-testid="calibrate-reset"
        >
          {t('adminDevices.bulk.calibrate.reset', { value: BATTERY_CALIBRATION.reset })}
        </Button>
      </BulkFormDialog>

      <BulkFormDialog
        open={form === 'moveSite'}
        title={t('adminDevices.menu.moveSite')}
        subtitle={subtitle}
        submitLabel={t('adminDevices.bulk.move.submit')}
        onSubmit={submitForm}
        onClose={() => setForm(null)}
        testId="bulk-move-dialog"
      >
        <SingleSitePicker
          value={siteId}
          onChange={(id) => {
            setSiteId(id);
            setErrors({});
          }}
          label={t('adminDevices.bulk.move.site')}
          error={errors.site}
          testId="move-site"
        />
      </BulkFormDialog>

      <ConfirmDialog
        open={confirming !== null}
        title={confirming ? t(`adminDevices.confirm.${confirming}.title`) : ''}
        message={
          confirming
            ? t(`adminDevices.confirm.${confirming}.message`, {
                total: count,
                server: server ? t(`adminDevices.bulk.server.${server}`) : '',
              })
            : ''
        }
        confirmLabel={confirming ? t(`adminDevices.confirm.${confirming}.confirm`) : ''}
        onConfirm={confirm}
        onCancel={() => setConfirming(null)}
      />
      <BulkResultDialog outcome={outcome} onClose={() => setOutcome(null)} />
    </>
  );
}
