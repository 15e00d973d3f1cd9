import InputAdornment from '@mui/material/InputAdornment';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import { lazy, Suspense } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { lockFromWhenSwitchedOn } from '../general-settings-form';
import { settingsTextFieldProps, type SettingsCardFormProps } from './form-types';
import { SettingsCard } from './SettingsCard';
import { SwitchField } from './SwitchField';

// The pickers library is the heaviest part of the page; it loads only when a lock time is shown.
const LockFromPicker = lazy(async () => ({ default: (await import('./LockFromPicker')).LockFromPicker }));

/**
 * When the carts lock themselves: at a time of day, after standing still, and after a round has lasted
 * too long. A switch off saves its 'off' value ('00:00', '0'); the time and minutes fields show only
 * while their switch is on.
 */
export function LockCard({ form, readOnly }: SettingsCardFormProps) {
  const { t } = useTranslation();
  const [scheduledLock, autoLockOn] = useWatch({
    control: form.control,
    name: ['scheduledLock', 'autoLockOn'],
  });
  const minutesAdornment = {
    input: { endAdornment: <InputAdornment position="end">{t('settings.lock.minutes')}</InputAdornment> },
    htmlInput: { inputMode: 'numeric' as const },
  };
  const roundTimeout = settingsTextFieldProps(form, 'roundTimeout');

  const toggleScheduledLock = (on: boolean) => {
    if (on) {
      form.setValue('lockFrom', lockFromWhenSwitchedOn(form.getValues('lockFrom')), { shouldDirty: true });
    } else {
      // Back to the saved time: switched on again it shows what the carts know, and an on-off click
      // leaves the form as clean as it was.
      form.resetField('lockFrom');
    }
  };

  return (
    <SettingsCard title={t('settings.lock.title')} subtitle={t('settings.lock.subtitle')}>
      <SwitchField
        control={form.control}
        name="scheduledLock"
        label={t('settings.lock.scheduled')}
        hint={t('settings.lock.scheduledHint')}
        disabled={readOnly}
        onToggle={toggleScheduledLock}
      />
      {scheduledLock && (
        <Suspense fallback={<Skeleton variant="rounded" height={56} />}>
          <LockFromPicker control={form.control} disabled={readOnly} />
        </Suspense>
      )}
      <SwitchField
        control={form.control}
        name="autoLockOn"
        label={t('settings.lock.autoLock')}
        hint={t('settings.lock.autoLockHint')}
        disabled={readOnly}
      />
      {autoLockOn && (
        <TextField
          {...settingsTextFieldProps(form, 'autoLockMinutes')}
          label={t('settings.lock.autoLockMinutes')}
          required
          disabled={readOnly}
          fullWidth
          autoComplete="off"
          slotProps={minutesAdornment}
        />
      )}
      <TextField
        {...roundTimeout}
        helperText={roundTimeout.helperText ?? t('settings.lock.roundTimeoutHint')}
        label={t('settings.lock.roundTimeout')}
        required
        disabled={readOnly}
        fullWidth
        autoComplete="off"
        slotProps={minutesAdornment}
      />
    </SettingsCard>
  );
}
