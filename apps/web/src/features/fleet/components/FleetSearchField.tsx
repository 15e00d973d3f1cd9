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
      // What can be searched is a helper line, not a placeholder: it wraps instead of being cut off in a
      // narrow field (issue 15), stays visible while typing and is read with the field (aria-describedby).
      helperText={t('fleet.search.placeholder')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ width: { xs: '100%', sm: 320 } }}
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
