import { REVENUE_SHARE_METHODS, type SiteView } from '@fairway/domain';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../lib/api-client';
import { showToast } from '../../../../lib/notifications';
import { useUpdateAdminSite } from '../api/update-admin-site';
import { configChanges, configValuesOf, type ConfigFormValues } from '../lib/site-form';

const SWITCHES = [
  'keyless',
  'keypadEnabled',
  'membersModule',
  'scanToRideToggle',
  'bookingIntegration',
] as const;
const NUMBERS = ['trailPoints', 'minRideDuration'] as const;
const AMOUNTS = ['revenueShareFixedFee', 'unlockFee'] as const;

/** Edit site → Configuration: modules, ride keeping and the platform's share of each payment. */
export function SiteConfigForm({ site }: { site: SiteView }) {
  const { t } = useTranslation();
  const update = useUpdateAdminSite();
  const [values, setValues] = useState<ConfigFormValues>(() => configValuesOf(site));
  const [errors, setErrors] = useState<Partial<Record<keyof ConfigFormValues, string>>>({});
  const set = <K extends keyof ConfigFormValues>(key: K, value: ConfigFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const save = () => {
    const result = configChanges(site, values);
    setErrors(result.errors);
    if (Object.keys(result.errors).length > 0) return;
    if (Object.keys(result.changes).length === 0) {
      showToast(t('adminSites.edit.noChanges'), 'info');
      return;
    }
    update.mutate(
      { siteId: site._id, changes: result.changes },
      {
        onSuccess: () => showToast(t('adminSites.edit.saved'), 'success'),
        onError: (error) => {
          console.error('Saving the site configuration failed', error);
          showToast(error instanceof ApiError ? error.message : t('adminSites.errors.generic'), 'error');
        },
      },
    );
  };

  return (
    <Stack spacing={2}>
      <FormGroup>
        {SWITCHES.map((key) => (
          <FormControlLabel
            key={key}
            label={t(`adminSites.config.${key}`)}
            control={
              <Switch
                checked={values[key]}
                onChange={(event) => set(key, event.target.checked)}
                data-testid={`site-config-${key}`}
              />
            }
          />
        ))}
      </FormGroup>
      {NUMBERS.map((key) => (
        <TextField
          key={key}
          label={t(`adminSites.config.${key}`)}
          value={values[key]}
          onChange={(event) => set(key, event.target.value)}
          error={errors[key] !== undefined}
          helperText={errors[key] ?? t(`adminSites.config.${key}Hint`)}
          fullWidth
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': `site-config-${key}` } }}
        />
      ))}
      <TextField
        select
        label={t('adminSites.form.revenueShareMethod')}
        value={values.revenueShareMethod}
        onChange={(event) =>
          set('revenueShareMethod', event.target.value as ConfigFormValues['revenueShareMethod'])
        }
        fullWidth
      >
        {REVENUE_SHARE_METHODS.map((method) => (
          <MenuItem key={method} value={method}>
            {t(`adminSites.revenueShare.${method}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={t('adminSites.config.revenueSharePercentage')}
        value={values.revenueSharePercentage}
        onChange={(event) => set('revenueSharePercentage', event.target.value)}
        error={errors.revenueSharePercentage !== undefined}
        helperText={errors.revenueSharePercentage}
        fullWidth
        slotProps={{
          input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
          htmlInput: { inputMode: 'decimal', 'data-testid': 'site-config-revenueSharePercentage' },
        }}
      />
      {AMOUNTS.map((key) => (
        <TextField
          key={key}
          label={t(`adminSites.config.${key}`)}
          value={values[key]}
          onChange={(event) => set(key, event.target.value)}
          error={errors[key] !== undefined}
          helperText={errors[key]}
          fullWidth
          slotProps={{
            input: { endAdornment: <InputAdornment position="end">{site.currency}</InputAdornment> },
            htmlInput: { inputMode: 'decimal', 'data-testid': `site-config-${key}` },
          }}
        />
      ))}
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button variant="contained" onClick={save} loading={update.isPending} data-testid="site-config-save">
          {t('adminSites.edit.save')}
        </Button>
      </Stack>
    </Stack>
  );
}
