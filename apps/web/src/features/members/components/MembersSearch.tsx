import { MEMBER_SEARCH_FIELDS } from '@fairway/domain';
import { useTranslation } from 'react-i18next';
import { ScopedSearchField } from '../../../components/ScopedSearchField';
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
    <ScopedSearchField
      label={t('members.search.label')}
      placeholder={t(`members.search.placeholder.${scope}`)}
      value={query}
      onChange={onQueryChange}
      scopeLabel={t('members.search.scopeLabel')}
      scope={scope}
      scopes={SCOPES.map((option) => ({ value: option, label: t(`members.search.scope.${option}`) }))}
      onScopeChange={onScopeChange}
      scopeWidth={{ xs: 124, sm: 150 }}
      testId="members-search"
      sx={{ flex: { xs: '1 1 100%', md: '0 1 520px' }, minWidth: 0 }}
    />
  );
}
