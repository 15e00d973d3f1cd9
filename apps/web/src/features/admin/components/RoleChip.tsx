import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { isRole } from '@fairway/domain';

/**
 * Each role's colour in the admin tables (spec §6: the console colour-codes the roles, pro and master
 * included, which are labels some imported accounts carry rather than roles of their own). Filled chips: the
 * theme's contrast threshold picks a text colour that reaches WCAG AA on each.
 */
const COLOURS: Record<string, ChipProps['color']> = {
  guest: 'default',
  basic: 'info',
  user: 'primary',
  service: 'secondary',
  admin: 'warning',
  superadmin: 'error',
  pro: 'success',
};
/** Master has no theme colour of its own: a deep purple (8.6:1 with white text). */
const MASTER_SX = { bgcolor: '#5b2a86', color: '#fff' } as const;

/** A user's or an invite's role as a colour-coded chip. */
export function RoleChip({ role }: { role: string }) {
  const { t } = useTranslation();
  const label = isRole(role)
    ? t(`roles.${role}`)
    : role === 'pro' || role === 'master'
      ? t(`adminUsers.roles.${role}`)
      : role;
  return (
    <Chip
      size="small"
      label={label}
      color={COLOURS[role] ?? 'default'}
      sx={role === 'master' ? MASTER_SX : undefined}
      data-testid="role-chip"
      data-role={role}
    />
  );
}
