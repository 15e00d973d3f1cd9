import type { SiteView } from '@fairway/domain';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Switch from '@mui/material/Switch';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../lib/api-client';
import { showToast } from '../../../../lib/notifications';
import { useUpdateAdminSite } from '../api/update-admin-site';
import { MODULE_KEYS, type ModuleKey } from '../lib/site-form';

/**
 * The Modules column (spec §2: S2R Toggle, Keyless, Keypads/RFID, Integrated). A switch moves at once and
 * PATCHes the site; when the server refuses, it moves back and says so (undo on failure).
 */
export function ModuleToggles({ site, dense = false }: { site: SiteView; dense?: boolean }) {
  const { t } = useTranslation();
  const update = useUpdateAdminSite();
  // What the admin switched and the server has not confirmed yet.
  const [pending, setPending] = useState<Partial<Record<ModuleKey, boolean>>>({});

  const toggle = (key: ModuleKey, value: boolean) => {
    setPending((current) => ({ ...current, [key]: value }));
    const settle = () =>
      setPending((current) => {
        const { [key]: _settled, ...rest } = current;
        return rest;
      });
    update.mutate(
      { siteId: site._id, changes: { [key]: value } },
      {
        onSuccess: settle,
        onError: (error) => {
          settle();
          console.error(`Switching ${key} of site ${site._id} failed`, error);
          showToast(
            t('adminSites.modules.failed', {
              module: t(`adminSites.modules.${key}`),
              site: site.name,
              reason: error instanceof ApiError ? error.message : t('adminSites.errors.generic'),
            }),
            'error',
          );
        },
      },
    );
  };

  return (
    // Dense (a table cell, a phone card): two by two, so a row stays two lines high.
    <FormGroup
      sx={
        dense
          ? { display: 'grid', gridTemplateColumns: 'repeat(2, max-content)', columnGap: 1.5 }
          : { flexDirection: 'row', columnGap: 1 }
      }
    >
      {MODULE_KEYS.map((key) => {
        const checked = pending[key] ?? site[key];
        return (
          <FormControlLabel
            key={key}
            sx={{ mr: 0, whiteSpace: 'nowrap' }}
            control={
              <Switch
                size="small"
                checked={checked}
                disabled={pending[key] !== undefined}
                onChange={(event) => toggle(key, event.target.checked)}
                slotProps={{
                  input: {
                    'aria-label': t('adminSites.modules.ariaLabel', {
                      module: t(`adminSites.modules.${key}`),
                      site: site.name,
                    }),
                  },
                }}
                data-testid={`module-${key}-${site._id}`}
              />
            }
            label={t(`adminSites.modules.${key}`)}
          />
        );
      })}
    </FormGroup>
  );
}
