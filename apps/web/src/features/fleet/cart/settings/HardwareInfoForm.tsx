import { hardwareInfo, MODEM_TYPES, PCB_REVISIONS, type CartView, type HardwareInfo } from '@fairway/domain';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { textFieldProps, zodFormResolver } from '../../../../lib/form-validation';
import { useSaveCart } from '../../use-save-cart';

const { pcb, modem, notes } = hardwareInfo.shape;

/**
 * The domain's hardware rules over form fields that start empty: PCB and modem are required (spec §5),
 * so a cart without hardware info is not silently saved as 'Other'.
 */
const hardwareForm = z.object({
  pcb: z.object({ rev: z.string().pipe(pcb.shape.rev), connector: pcb.shape.connector.unwrap() }),
  modem: z.string().pipe(modem),
  externalAntenna: z.boolean(),
  notes: notes.unwrap(),
});
const resolver = zodFormResolver(hardwareForm);
type HardwareFormValues = z.input<typeof hardwareForm>;

const valuesOf = (info: HardwareInfo | null): HardwareFormValues =>
  info ?? { pcb: { rev: '', connector: '' }, modem: '', externalAntenna: false, notes: '' };

/** Hardware info of the tracker (PCB revision and connector, modem, antenna, notes). */
export function HardwareInfoForm({ cart }: { cart: CartView }) {
  const { t } = useTranslation();
  const { save, saving } = useSaveCart(cart._id);
  const form = useForm<HardwareFormValues, unknown, HardwareInfo>({
    resolver,
    defaultValues: valuesOf(cart.hardwareInfo),
  });

  const onSubmit = form.handleSubmit(async (values) => {
    const saved = await save({ hardwareInfo: values });
    if (saved) form.reset(valuesOf(saved.hardwareInfo));
  });

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={(event) => void onSubmit(event)}>
      <Typography component="h4" variant="subtitle2">
        {t('fleet.admin.hardware')}
      </Typography>
      <Controller
        control={form.control}
        name="pcb.rev"
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            select
            required
            label={t('fleet.admin.pcb')}
            error={fieldState.error !== undefined}
            helperText={fieldState.error?.message}
          >
            {PCB_REVISIONS.map((revision) => (
              <MenuItem key={revision} value={revision}>
                {revision}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <TextField {...textFieldProps(form, 'pcb.connector')} label={t('fleet.admin.connector')} />
      <Controller
        control={form.control}
        name="modem"
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            select
            required
            label={t('fleet.admin.modem')}
            error={fieldState.error !== undefined}
            helperText={fieldState.error?.message}
          >
            {MODEM_TYPES.map((modem) => (
              <MenuItem key={modem} value={modem}>
                {modem}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        control={form.control}
        name="externalAntenna"
        render={({ field }) => (
          <FormControlLabel
            label={t('fleet.admin.externalAntenna')}
            control={
              <Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />
            }
          />
        )}
      />
      <TextField
        {...textFieldProps(form, 'notes')}
        label={t('fleet.admin.hardwareNotes')}
        multiline
        minRows={2}
      />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button
          disabled={!form.formState.isDirty || saving}
          onClick={() => form.reset(valuesOf(cart.hardwareInfo))}
        >
          {t('fleet.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={!form.formState.isDirty || saving}>
          {t('fleet.save')}
        </Button>
      </Stack>
    </Stack>
  );
}
