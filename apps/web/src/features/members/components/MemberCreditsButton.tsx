import AllInclusiveIcon from '@mui/icons-material/AllInclusive';
import type { MemberView } from '@fairway/domain';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';

/** The member's credits (negative = unlimited, spec §4 Credits); a click opens the credits dialog. */
export function MemberCreditsButton({ member, onOpen }: { member: MemberView; onOpen: () => void }) {
  const { t, i18n } = useTranslation();
  const unlimited = member.credits < 0;
  const label = unlimited
    ? t('members.credits.unlimited')
    : new Intl.NumberFormat(i18n.resolvedLanguage).format(member.credits);
  return (
    <Button
      size="small"
      onClick={onOpen}
      startIcon={unlimited ? <AllInclusiveIcon /> : undefined}
      aria-label={t('members.credits.edit', { name: member.name, credits: label })}
      data-testid="member-credits"
      sx={{ fontVariantNumeric: 'tabular-nums', minWidth: 0 }}
    >
      {label}
    </Button>
  );
}
