import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { GUEST_USER_GROUP } from '@fairway/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { memo, useId } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { minimumText } from '../lib/amount';
import { defaultPriceName, type ServiceFormValues } from '../lib/service-form';
import { AvailableTimesEditor } from './AvailableTimesEditor';
import { useServiceFormContext } from './service-form-context';

interface PriceEditorProps {
  index: number;
  /** Removes the price at `index` (react-hook-form's stable `remove`, so the memo holds). */
  onRemove: (index: number) => void;
}

/**
 * One price of the service: name, amount in the site currency, optional credits, user group, description
 * and when it applies. The name follows the user group until the operator types their own (spec §4).
 */
export const PriceEditor = memo(function PriceEditor({ index, onRemove }: PriceEditorProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const { control, register, setValue, getValues } = useFormContext<ServiceFormValues>();
  const { errorAt, currency, separator, groups, groupsLoading, groupsFailed, guestName } =
    useServiceFormContext();
  const path = `prices.${index}` as const;
  const heading = t('services.price.heading', { number: index + 1 });
  const overlap = errorAt(path);
  const textField = (name: 'amount' | 'credits' | 'description') => {
    const { ref, ...field } = register(`${path}.${name}`);
    const error = errorAt(`${path}.${name}`);
    return { ...field, inputRef: ref, error: error !== undefined, helperText: error };
  };
  const amount = textField('amount');
  const credits = textField('credits');

  return (
    <Paper variant="outlined" role="group" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5 }}>
        <Typography id={headingId} variant="subtitle1" component="h4">
          {heading}
        </Typography>
        <Tooltip title={t('services.price.remove', { number: index + 1 })}>
          <IconButton
            aria-label={t('services.price.remove', { number: index + 1 })}
            onClick={() => onRemove(index)}
          >
            <DeleteOutlineIcon />
          </IconButton>
        </Tooltip>
      </Stack>
      {overlap && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {overlap}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, mb: 2 }}>
        <Controller
          control={control}
          name={`${path}.userGroup`}
          render={({ field }) => {
            const known =
              field.value === GUEST_USER_GROUP || groups.some((group) => group._id === field.value);
            return (
              <TextField
                select
                required
                label={t('services.price.userGroup')}
                value={field.value}
                onChange={(event) => {
                  field.onChange(event.target.value);
                  if (getValues(`${path}.nameFollowsGroup`))
                    setValue(`${path}.name`, defaultPriceName(event.target.value, groups, guestName), {
                      shouldDirty: true,
                    });
                }}
                onBlur={field.onBlur}
                inputRef={field.ref}
                disabled={groupsLoading}
                error={groupsFailed}
                helperText={groupsFailed ? t('services.price.groupsLoadFailed') : undefined}
              >
                <MenuItem value={GUEST_USER_GROUP}>{guestName}</MenuItem>
                {groups.map((group) => (
                  <MenuItem key={group._id} value={group._id}>
                    {group.name}
                  </MenuItem>
                ))}
                {!known && <MenuItem value={field.value}>{t('services.price.groupsLoading')}</MenuItem>}
              </TextField>
            );
          }}
        />
        <Controller
          control={control}
          name={`${path}.name`}
          render={({ field }) => (
            <TextField
              required
              label={t('services.price.name')}
              value={field.value}
              onChange={(event) => {
                field.onChange(event.target.value);
                // Emptied, the name follows the group again; typed, it is the operator's own.
                setValue(`${path}.nameFollowsGroup`, event.target.value.trim() === '');
              }}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={errorAt(`${path}.name`) !== undefined}
              helperText={errorAt(`${path}.name`) ?? t('services.price.nameHint')}
              autoComplete="off"
            />
          )}
        />
        <TextField
          {...amount}
          required
          label={t('services.price.amount')}
          helperText={
            amount.helperText ??
            t('services.price.amountHint', { minimum: minimumText(currency, separator), currency })
          }
          autoComplete="off"
          slotProps={{
            htmlInput: { inputMode: 'decimal' },
            input: { endAdornment: <InputAdornment position="end">{currency}</InputAdornment> },
          }}
        />
        <TextField
          {...credits}
          label={t('services.price.credits')}
          helperText={credits.helperText ?? t('services.price.creditsHint')}
          autoComplete="off"
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <TextField
          {...textField('description')}
          label={t('services.price.description')}
          multiline
          minRows={2}
          sx={{ gridColumn: '1 / -1' }}
        />
      </Box>
      <AvailableTimesEditor priceIndex={index} />
    </Paper>
  );
});
