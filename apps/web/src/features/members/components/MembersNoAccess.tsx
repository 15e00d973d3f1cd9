import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import LockPersonIcon from '@mui/icons-material/LockPerson';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';

/** Spec §6: members need role user; staff below it see why the page is closed to them and a way back. */
export function MembersNoAccess() {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={<LockPersonIcon />}
      title={t('members.noAccess.title')}
      description={t('members.noAccess.hint')}
      action={
        <Button component={RouterLink} to="/fleet" startIcon={<ArrowBackIcon />} variant="outlined">
          {t('members.noAccess.back')}
        </Button>
      }
    />
  );
}
