import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

/** The search box; the page applies what is typed once typing paused (§9 debounce). */
export function FleetSearchField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <TextField
      size="small"
      type="search"
      label={t('fleet.search.label')}
      placeholder={t('fleet.search.placeholder')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ minWidth: { xs: '100%', sm: 280 } }}
      slotProps={{
        htmlInput: { 'data-testid': 'fleet-search' },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
