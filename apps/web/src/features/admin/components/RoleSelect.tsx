import { ASSIGNABLE_ROLES } from '@fairway/domain';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

interface RoleSelectProps {
  value: string;
  onChange: (role: string) => void;
  onBlur?: () => void;
  error?: string;
  disabled?: boolean;
}

/** The roles a superadmin may give (every role but the anonymous guest, spec §6), weakest first. */
export function RoleSelect({ value, onChange, onBlur, error, disabled }: RoleSelectProps) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      fullWidth
      required
      label={t('adminUsers.form.role')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
      error={error !== undefined}
      helperText={error ?? t(`adminUsers.roleHints.${value as (typeof ASSIGNABLE_ROLES)[number]}`)}
      disabled={disabled}
      slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'role-select' } as object } }}
    >
      {ASSIGNABLE_ROLES.map((role) => (
        <MenuItem key={role} value={role}>
          {t(`roles.${role}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
