import AutorenewIcon from '@mui/icons-material/Autorenew';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { CODE_LENGTH } from '@fairway/domain';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generateMasterCode } from '../general-settings-form';
import { settingsTextFieldProps, type SettingsCardFormProps } from './form-types';
import { SettingsCard } from './SettingsCard';

/**
 * The site's master unlock code: 6 digits or none (empty). Hidden by default like a password, since it
 * opens every cart; a generated code is shown so the operator can note it down.
 */
export function MasterCodeCard({ form, readOnly }: SettingsCardFormProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const field = settingsTextFieldProps(form, 'masterUnlock');

  const generate = () => {
    form.setValue('masterUnlock', generateMasterCode(), {
      shouldDirty: true,
      // Clears a 'code already exists' from the last save at once.
      shouldValidate: form.formState.isSubmitted,
    });
    setVisible(true);
  };

  return (
    <SettingsCard title={t('settings.masterCode.title')} subtitle={t('settings.masterCode.subtitle')}>
      <TextField
        {...field}
        helperText={field.helperText ?? t('settings.masterCode.hint')}
        label={t('settings.masterCode.label')}
        type={visible ? 'text' : 'password'}
        disabled={readOnly}
        fullWidth
        slotProps={{
          // Not a login: no password manager should offer to fill or save it.
          htmlInput: {
            inputMode: 'numeric',
            maxLength: CODE_LENGTH,
            autoComplete: 'off',
            'data-1p-ignore': true,
          },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  aria-label={visible ? t('settings.masterCode.hide') : t('settings.masterCode.show')}
                  onClick={() => setVisible((shown) => !shown)}
                >
                  {visible ? <VisibilityOff /> : <Visibility />}
                </IconButton>
                {!readOnly && (
                  <Tooltip title={t('settings.masterCode.generate')}>
                    <IconButton aria-label={t('settings.masterCode.generate')} edge="end" onClick={generate}>
                      <AutorenewIcon />
                    </IconButton>
                  </Tooltip>
                )}
              </InputAdornment>
            ),
          },
        }}
      />
    </SettingsCard>
  );
}
