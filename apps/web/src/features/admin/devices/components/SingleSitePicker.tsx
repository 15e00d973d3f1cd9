import type { SiteView } from '@fairway/domain';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminSites } from '../../components/api/get-admin-sites';

interface SingleSitePickerProps {
  value: string | null;
  onChange: (siteId: string | null) => void;
  label: string;
  error?: string;
  testId: string;
}

/** One of the platform's sites, by name (typing filters). */
export function SingleSitePicker({ value, onChange, label, error, testId }: SingleSitePickerProps) {
  const { t } = useTranslation();
  const sites = useAdminSites();
  const options = useMemo(
    () => [...(sites.data ?? [])].sort((a, b) => a.name.localeCompare(b.name)),
    [sites.data],
  );
  const chosen = options.find((site) => site._id === value) ?? null;
  return (
    <Autocomplete<SiteView, false, false, false>
      options={options}
      value={chosen}
      loading={sites.isPending}
      onChange={(_event, picked) => onChange(picked?._id ?? null)}
      getOptionLabel={(site) => site.name}
      isOptionEqualToValue={(option, picked) => option._id === picked._id}
      loadingText={t('adminDevices.loading')}
      noOptionsText={t('adminDevices.noSites')}
      renderInput={(params) => (
        <TextField
          {...params}
          required
          label={label}
          error={error !== undefined || sites.isError}
          helperText={sites.isError ? t('adminDevices.sitesFailed') : error}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId },
          }}
        />
      )}
    />
  );
}
