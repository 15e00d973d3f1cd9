import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import type { SiteView } from '@fairway/domain';
import { useTranslation } from 'react-i18next';
import { PickersProvider } from '../../../../components/PickersProvider';
import { dayToLocalDate, localDateToDay } from '../../../../lib/calendar-days';
import { useSiteCarts } from '../api/get-admin-carts';
import type { ActivityFilterValues } from '../use-activity-filters';

/** The select's value for "any" (ids are uuids, so it cannot clash). */
const ANY = 'any';

interface ActivityFiltersProps {
  sites: readonly SiteView[];
  filters: ActivityFilterValues;
  onChange: (next: Partial<ActivityFilterValues>) => void;
}

const dayOf = (value: Date | null): string | null | undefined => {
  if (value === null) return null;
  // A half-typed date: keep the filter as it is until the date is whole.
  return Number.isNaN(value.getTime()) ? undefined : localDateToDay(value);
};

/** Site, car (spec: "car"), start and end date, and the search, side by side; stacked on a phone. */
export function ActivityFilters({ sites, filters, onChange }: ActivityFiltersProps) {
  const { t } = useTranslation();
  const carts = useSiteCarts(filters.siteId);
  const width = { xs: '100%', sm: 200 };
  const dateField = (edge: 'startDay' | 'endDay', label: string) => (
    <DatePicker
      label={label}
      value={filters[edge] ? dayToLocalDate(filters[edge]) : null}
      onChange={(value) => {
        const day = dayOf(value);
        if (day !== undefined) onChange({ [edge]: day });
      }}
      slotProps={{
        textField: { size: 'small', sx: { width } },
        field: { clearable: true },
      }}
    />
  );
  return (
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 2 }}>
      <TextField
        select
        size="small"
        label={t('adminActivity.filters.site')}
        value={filters.siteId ?? ANY}
        onChange={(event) => onChange({ siteId: event.target.value === ANY ? null : event.target.value })}
        sx={{ width }}
        data-testid="activity-site"
        slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 420 } } } } } }}
      >
        <MenuItem value={ANY}>{t('adminActivity.filters.allSites')}</MenuItem>
        {sites.map((site) => (
          <MenuItem key={site._id} value={site._id}>
            {site.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('adminActivity.filters.cart')}
        value={filters.deviceId ?? ANY}
        onChange={(event) => onChange({ deviceId: event.target.value === ANY ? null : event.target.value })}
        disabled={filters.siteId === null}
        helperText={
          filters.siteId === null
            ? t('adminActivity.filters.cartNeedsSite')
            : carts.isError
              ? t('adminActivity.filters.cartsFailed')
              : undefined
        }
        sx={{ width }}
        data-testid="activity-cart"
        slotProps={{
          select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 420 } } } } },
          // The hint says why the picker is off: it must stay readable, not take the disabled grey.
          formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } },
        }}
      >
        <MenuItem value={ANY}>{t('adminActivity.filters.allCarts')}</MenuItem>
        {(carts.data ?? []).map((cart) => (
          <MenuItem key={cart._id} value={cart._id}>
            {cart.carNumber
              ? t('adminActivity.cart', { carNumber: cart.carNumber })
              : t('adminActivity.filters.unnumbered', { serial: cart.serial })}
          </MenuItem>
        ))}
      </TextField>
      <PickersProvider>
        {dateField('startDay', t('adminActivity.filters.start'))}
        {dateField('endDay', t('adminActivity.filters.end'))}
      </PickersProvider>
      <TextField
        size="small"
        type="search"
        label={t('adminActivity.filters.search')}
        placeholder={t('adminActivity.filters.searchPlaceholder')}
        value={filters.search}
        onChange={(event) => onChange({ search: event.target.value })}
        sx={{ width: { xs: '100%', sm: 260 } }}
        slotProps={{
          htmlInput: { maxLength: 100, 'data-testid': 'activity-search' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
    </Stack>
  );
}
