import Autocomplete from '@mui/material/Autocomplete';
import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import TextField from '@mui/material/TextField';
import type { SiteView } from '@fairway/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminSites } from './api/get-admin-sites';

interface SitePickerProps {
  /** the chosen sites' ids */
  value: readonly string[];
  onChange: (ids: string[]) => void;
  onBlur?: () => void;
  error?: string;
  required?: boolean;
  label?: string;
}

/**
 * Chooses any number of the platform's sites (a user's or an invite's); typing filters them by name. Chosen
 * ids the list no longer has (a site deleted meanwhile) are dropped from what is shown and sent.
 */
export function SitePicker({ value, onChange, onBlur, error, required, label }: SitePickerProps) {
  const { t } = useTranslation();
  const sites = useAdminSites();
  const options = useMemo(
    () => [...(sites.data ?? [])].sort((a, b) => a.name.localeCompare(b.name)),
    [sites.data],
  );
  const chosen = useMemo(() => options.filter((site) => value.includes(site._id)), [options, value]);
  return (
    <Autocomplete<SiteView, true, false, false>
      multiple
      disableCloseOnSelect
      options={options}
      value={chosen}
      loading={sites.isPending}
      onChange={(_event, picked) => onChange(picked.map((site) => site._id))}
      onBlur={onBlur}
      getOptionLabel={(site) => site.name}
      isOptionEqualToValue={(option, picked) => option._id === picked._id}
      loadingText={t('adminUsers.sitePicker.loading')}
      noOptionsText={t('adminUsers.sitePicker.none')}
      renderOption={({ key, ...props }, site, { selected }) => (
        <li key={key} {...props}>
          {/* The option itself carries aria-selected; the box only draws it. */}
          {selected ? (
            <CheckBoxIcon fontSize="small" color="primary" sx={{ mr: 1 }} />
          ) : (
            <CheckBoxOutlineBlankIcon fontSize="small" sx={{ mr: 1 }} />
          )}
          {site.name}
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label ?? t('adminUsers.form.sites')}
          placeholder={chosen.length === 0 ? t('adminUsers.sitePicker.placeholder') : undefined}
          required={required}
          error={error !== undefined || sites.isError}
          helperText={sites.isError ? t('adminUsers.sitePicker.loadFailed') : error}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'site-picker' },
          }}
        />
      )}
    />
  );
}
