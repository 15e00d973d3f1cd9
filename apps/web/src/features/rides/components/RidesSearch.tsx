import SearchIcon from '@mui/icons-material/Search';
import { RIDE_SEARCH_FIELDS, type RideSearchField } from '@fairway/domain';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

interface RidesSearchProps {
  search: string;
  onSearchChange: (search: string) => void;
  field: RideSearchField;
  onFieldChange: (field: RideSearchField) => void;
}

/** The search box and the field it searches (spec §2); the list applies what is typed once typing paused (§9). */
export function RidesSearch({ search, onSearchChange, field, onFieldChange }: RidesSearchProps) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1}>
      <TextField
        size="small"
        type="search"
        label={t('rides.search.label')}
        placeholder={t(`rides.search.placeholder.${field}`)}
        value={search}
        onChange={(event) => onSearchChange(event.target.value)}
        sx={{ flex: 1, minWidth: 0 }}
        slotProps={{
          htmlInput: { 'data-testid': 'rides-search', maxLength: 100 },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon />
              </InputAdornment>
            ),
          },
        }}
      />
      <TextField
        select
        size="small"
        label={t('rides.search.fieldLabel')}
        value={field}
        onChange={(event) => onFieldChange(event.target.value as RideSearchField)}
        sx={{ width: 148, flexShrink: 0 }}
      >
        {RIDE_SEARCH_FIELDS.map((option) => (
          <MenuItem key={option} value={option}>
            {t(`rides.search.fields.${option}`)}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
