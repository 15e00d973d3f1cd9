import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';

interface ScopedSearchFieldProps<S extends string> {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** what the box searches in, and its choices with their labels */
  scopeLabel: string;
  scope: S;
  scopes: ReadonlyArray<{ value: S; label: string }>;
  onScopeChange: (scope: S) => void;
  scopeWidth: number | Record<string, number>;
  testId: string;
  maxLength?: number;
  sx?: SxProps<Theme>;
}

/**
 * A search box with the field it searches beside it (the Virtual keys and Rides lists, spec §2); the list
 * applies what is typed once typing paused (§9).
 */
export function ScopedSearchField<S extends string>(props: ScopedSearchFieldProps<S>) {
  const { scopes, onScopeChange } = props;
  return (
    <Stack direction="row" spacing={1} sx={props.sx}>
      <TextField
        size="small"
        type="search"
        label={props.label}
        placeholder={props.placeholder}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        sx={{ flex: 1, minWidth: 0 }}
        slotProps={{
          htmlInput: { 'data-testid': props.testId, maxLength: props.maxLength },
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
        label={props.scopeLabel}
        value={props.scope}
        onChange={(event) => {
          const chosen = scopes.find((option) => option.value === event.target.value);
          if (chosen) onScopeChange(chosen.value);
        }}
        sx={{ width: props.scopeWidth, flexShrink: 0 }}
      >
        {scopes.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
