import { RIDE_SEARCH_FIELDS, type RideSearchField } from '@fairway/domain';
import { useTranslation } from 'react-i18next';
import { ScopedSearchField } from '../../../components/ScopedSearchField';

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
    <ScopedSearchField
      label={t('rides.search.label')}
      placeholder={t(`rides.search.placeholder.${field}`)}
      value={search}
      onChange={onSearchChange}
      scopeLabel={t('rides.search.fieldLabel')}
      scope={field}
      scopes={RIDE_SEARCH_FIELDS.map((option) => ({
        value: option,
        label: t(`rides.search.fields.${option}`),
      }))}
      onScopeChange={onFieldChange}
      scopeWidth={148}
      testId="rides-search"
      maxLength={100}
    />
  );
}
