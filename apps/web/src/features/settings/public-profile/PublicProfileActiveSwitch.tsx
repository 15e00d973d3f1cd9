import type { SiteView } from '@fairway/domain';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/notifications';
import { useUpdateSite } from '../../sites';
import { siteSaveErrorMessage } from '../booking/site-save-error';

/**
 * Spec §2 Public profile: the Active switch. On, the guest site page offers 'book and pay online' through
 * the booking app; the server refuses it while payments are not active.
 */
export function PublicProfileActiveSwitch({ site, editable }: { site: SiteView; editable: boolean }) {
  const { t } = useTranslation();
  const update = useUpdateSite(site._id);
  // While saving, the switch shows where it is going.
  const active = update.isPending
    ? (update.variables.updateData?.publicProfile?.active ?? site.publicProfile.active)
    : site.publicProfile.active;

  const change = (next: boolean) =>
    update.mutate(
      { updateData: { publicProfile: { active: next } } },
      {
        onSuccess: () =>
          showToast(
            t(next ? 'publicProfile.active.enabledSaved' : 'publicProfile.active.disabledSaved'),
            'success',
          ),
        onError: (error) => showToast(siteSaveErrorMessage(error, t), 'error'),
      },
    );

  return (
    <Stack spacing={0.5}>
      <FormControlLabel
        disabled={!editable || update.isPending}
        label={active ? t('publicProfile.active.enabled') : t('publicProfile.active.disabled')}
        control={<Switch checked={active} onChange={(event) => change(event.target.checked)} />}
      />
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {active ? t('publicProfile.active.enabledHint') : t('publicProfile.active.disabledHint')}
      </Typography>
    </Stack>
  );
}
