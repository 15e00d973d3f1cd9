import { maySeeCodes, type DashboardSitePatch, type SiteView } from '@fairway/domain';
import Stack from '@mui/material/Stack';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { zodFormResolver } from '../../../lib/form-validation';
import { showToast } from '../../../lib/notifications';
import { useCurrentRole } from '../../auth';
import { useUpdateSite } from '../../sites';
import { DeviceCard } from './components/DeviceCard';
import { LanguageCard } from './components/LanguageCard';
import { LockCard } from './components/LockCard';
import { MasterCodeCard } from './components/MasterCodeCard';
import { OverrunCard } from './components/OverrunCard';
import { PublishedNotice } from './components/PublishedNotice';
import { SettingsFormActions } from './components/SettingsFormActions';
import { SpeedUnitCard } from './components/SpeedUnitCard';
import { UnsavedChangesGuard } from './components/UnsavedChangesGuard';
import { WifiCard } from './components/WifiCard';
import {
  changedSettings,
  generalSettingsForm,
  generalSettingsValues,
  type GeneralSettings,
  type GeneralSettingsValues,
} from './general-settings-form';

const resolver = zodFormResolver(generalSettingsForm);

interface GeneralSettingsFormProps {
  site: SiteView;
  /** Below admin the values show but cannot change (the server refuses PATCH /sites too). */
  readOnly: boolean;
}

/**
 * One form for the General cards: Save sends only what changed, unpublished (the carts get it with
 * Publish); Save and publish does both at once. The speed unit card sits among them but is this browser's
 * own setting, not part of the form.
 */
export function GeneralSettingsForm({ site, readOnly }: GeneralSettingsFormProps) {
  const { t } = useTranslation();
  const update = useUpdateSite(site._id);
  const role = useCurrentRole();
  const [publishedTo, setPublishedTo] = useState<number | null>(null);
  const values = useMemo(() => generalSettingsValues(site), [site]);
  const form = useForm<GeneralSettingsValues, unknown, GeneralSettings>({
    resolver,
    // A refetched site (another admin's save) updates the fields the operator has not touched.
    values,
    resetOptions: { keepDirtyValues: true },
  });
  const dirty = form.formState.isDirty;

  const saveFailed = (error: unknown) => {
    // The only conflict PATCH /sites has: a member's code equals the new master code.
    if (error instanceof ApiError && error.status === 409) {
      form.setError(
        'masterUnlock',
        { type: 'taken', message: t('settings.masterCode.taken') },
        { shouldFocus: true },
      );
      return;
    }
    console.error('Saving the site settings failed', error);
    showToast(error instanceof ApiError ? error.message : t('settings.general.saveFailed'), 'error');
  };

  const save = (publish: boolean) =>
    form.handleSubmit((settings) => {
      const body: DashboardSitePatch = { updateData: changedSettings(site, settings), publish };
      if (Object.keys(body.updateData ?? {}).length === 0 && !publish) {
        // e.g. auto-lock minutes typed and the switch turned off again: nothing the site would store.
        form.reset(values);
        showToast(t('settings.general.nothingChanged'), 'info');
        return;
      }
      update.mutate(body, {
        onSuccess: (saved) => {
          form.reset(generalSettingsValues(saved));
          if (publish) {
            showToast(t('settings.general.savedAndPublished', { count: saved.devices }), 'success');
            setPublishedTo(saved.devices);
          } else {
            showToast(t('settings.general.saved'), 'success');
          }
        },
        onError: saveFailed,
      });
    });

  const cardProps = { form, readOnly };
  return (
    <Stack
      component="form"
      noValidate
      spacing={3}
      aria-label={t('pages.settingsGeneral')}
      onSubmit={(event) => void save(false)(event)}
    >
      <LanguageCard {...cardProps} />
      <WifiCard {...cardProps} />
      <LockCard {...cardProps} />
      <OverrunCard {...cardProps} />
      <DeviceCard {...cardProps} />
      <SpeedUnitCard />
      {/* The master code opens every cart: only roles that see codes get it from the server. */}
      {maySeeCodes(role) && <MasterCodeCard {...cardProps} />}
      {publishedTo !== null && <PublishedNotice carts={publishedTo} onClose={() => setPublishedTo(null)} />}
      {!readOnly && (
        <SettingsFormActions
          dirty={dirty}
          saving={update.isPending}
          onSaveAndPublish={() => void save(true)()}
          onDiscard={() => form.reset(values)}
        />
      )}
      <UnsavedChangesGuard when={dirty && !readOnly} />
    </Stack>
  );
}
