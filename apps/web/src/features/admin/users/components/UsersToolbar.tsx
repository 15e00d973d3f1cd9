import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { RefreshButton } from '../../components/RefreshButton';
import { SupportExportButton } from './SupportExportButton';

interface UsersToolbarProps {
  query: string;
  onQueryChange: (query: string) => void;
  refreshing: boolean;
  onRefresh: () => void;
}

/** Search (email or id, applied once typing paused), refresh and the export to the support directory. */
export function UsersToolbar({ query, onQueryChange, refreshing, onRefresh }: UsersToolbarProps) {
  const { t } = useTranslation();
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ p: 2, alignItems: 'center', flexWrap: 'wrap', borderBottom: 1, borderColor: 'divider' }}
    >
      <TextField
        size="small"
        type="search"
        label={t('adminUsers.users.search')}
        placeholder={t('adminUsers.users.searchPlaceholder')}
        value={query}
        onChange={(event) => onQueryChange(event.target.value)}
        sx={{ flex: { xs: '1 1 100%', sm: '0 1 420px' }, minWidth: 0 }}
        slotProps={{
          htmlInput: { 'data-testid': 'users-search', maxLength: 100 },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon />
              </InputAdornment>
            ),
          },
        }}
      />
      <Stack direction="row" spacing={1} sx={{ ml: 'auto', alignItems: 'center' }}>
        <RefreshButton refreshing={refreshing} onRefresh={onRefresh} testId="users-refresh" />
        <SupportExportButton />
      </Stack>
    </Stack>
  );
}
