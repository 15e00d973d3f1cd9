import { useTranslation } from 'react-i18next';
import { UnsavedChangesGuard as Guard } from '../../../../components/UnsavedChangesGuard';

/** The settings form's guard: asks before leaving the page with unsaved settings. */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const { t } = useTranslation();
  return (
    <Guard
      when={when}
      title={t('settings.general.leaveTitle')}
      message={t('settings.general.leaveMessage')}
      leaveLabel={t('settings.general.leave')}
      stayLabel={t('settings.general.stay')}
    />
  );
}
