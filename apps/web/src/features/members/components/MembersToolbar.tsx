import PersonAddIcon from '@mui/icons-material/PersonAdd';
import SearchIcon from '@mui/icons-material/Search';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import type { MemberView, Role } from '@fairway/domain';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { MembersList } from '../use-members-list';
import { MembersActionsMenu } from './MembersActionsMenu';
import { MembersSearch } from './MembersSearch';
import { PublishCodesButton } from './PublishCodesButton';

interface MembersToolbarProps {
  siteId: string;
  keypad: boolean;
  role: Role | null;
  list: MembersList;
  selected: readonly MemberView[];
  onClearSelection: () => void;
  onDeleted: () => void;
  onFindCode: () => void;
  onImport: () => void;
  onAdd: () => void;
}

/**
 * Spec §2 toolbar: Actions (for the ticked members), Publish to devices, Find Code (keypad sites), Import
 * members, Add member; then the search and how many members are ticked. Wraps on narrow screens.
 */
export function MembersToolbar(props: MembersToolbarProps) {
  const { t, i18n } = useTranslation();
  const { list } = props;
  const numbers = new Intl.NumberFormat(i18n.resolvedLanguage);
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <MembersActionsMenu
          siteId={props.siteId}
          selected={props.selected}
          role={props.role}
          onDeleted={props.onDeleted}
        />
        <PublishCodesButton siteId={props.siteId} />
        {props.keypad && (
          <Button
            variant="outlined"
            startIcon={<SearchIcon />}
            onClick={props.onFindCode}
            data-testid="members-find-code"
          >
            {t('members.findCode.button')}
          </Button>
        )}
        <Button
          variant="outlined"
          startIcon={<UploadFileIcon />}
          onClick={props.onImport}
          data-testid="members-import"
        >
          {t('members.import')}
        </Button>
        <Button
          variant="contained"
          startIcon={<PersonAddIcon />}
          onClick={props.onAdd}
          data-testid="members-add"
          sx={{ ml: { sm: 'auto' } }}
        >
          {t('members.add')}
        </Button>
      </Stack>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <MembersSearch
          query={list.query}
          onQueryChange={list.setQuery}
          scope={list.searchIn}
          onScopeChange={list.setSearchIn}
        />
        {props.selected.length > 0 && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} aria-live="polite">
            <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="members-selected-count">
              {t('members.selection.count', { total: numbers.format(props.selected.length) })}
            </Typography>
            <Button size="small" onClick={props.onClearSelection} data-testid="members-clear-selection">
              {t('members.selection.clear')}
            </Button>
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}
