import { GUEST_USER_GROUP } from '@fairway/domain';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useUserGroups } from '../../user-groups';

interface UserGroupSelectProps {
  siteId: string;
  /** a group id, or 'guest' for the built-in group */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
}

/** The site's user groups, led by the built-in guest group (members who are in no group). */
export function UserGroupSelect({ siteId, value, onChange, onBlur }: UserGroupSelectProps) {
  const { t } = useTranslation();
  const groups = useUserGroups(siteId);
  // Until the groups arrive the member's own group is still shown by id rather than as an empty box.
  const known = value === GUEST_USER_GROUP || groups.data?.some((group) => group._id === value);
  return (
    <TextField
      select
      fullWidth
      label={t('members.userGroup.label')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
      disabled={groups.isPending}
      helperText={groups.isError ? t('members.userGroup.loadFailed') : undefined}
      error={groups.isError}
    >
      <MenuItem value={GUEST_USER_GROUP}>{t('members.userGroup.guest')}</MenuItem>
      {groups.data?.map((group) => (
        <MenuItem key={group._id} value={group._id}>
          {group.name}
        </MenuItem>
      ))}
      {!known && <MenuItem value={value}>{t('members.userGroup.loading')}</MenuItem>}
    </TextField>
  );
}
