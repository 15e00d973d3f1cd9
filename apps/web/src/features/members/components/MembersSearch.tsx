import SearchIcon from '@mui/icons-material/Search';
import { MEMBER_SEARCH_FIELDS } from '@fairway/domain';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { MemberSearchScope } from '../use-members-list';

const SCOPES: readonly MemberSearchScope[] = ['all', ...MEMBER_SEARCH_FIELDS];

interface MembersSearchProps {
  query: string;
  onQueryChange: (query: string) => void;
  scope: MemberSearchScope;
  onScopeChange: (scope: MemberSearchScope) => void;
}

/** The search box and the field it searches; the list applies what is typed once typing paused (§9). */
export function MembersSearch({ query, onQueryChange, scope, onScopeChange }: MembersSearchProps) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} sx={{ flex: { xs: '1 1 100%', md: '0 1 520px' }, minWidth: 0 }}>
      <TextField
        size="small"
        type="search"
        label={t('members.search.label')}
        placeholder={t(`members.search.placeholder.${scope}`)}
        value={query}
        onChange={(event) => onQueryChange(event.target.value)}
        sx={{ flex: 1, minWidth: 0 }}
        slotProps={{
          htmlInput: { 'data-testid': 'members-search' },
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
        label={t('members.search.scopeLabel')}
        value={scope}
        onChange={(event) => onScopeChange(event.target.value as MemberSearchScope)}
        sx={{ width: { xs: 124, sm: 150 }, flexShrink: 0 }}
      >
        {SCOPES.map((option) => (
          <MenuItem key={option} value={option}>
            {t(`members.search.scope.${option}`)}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
