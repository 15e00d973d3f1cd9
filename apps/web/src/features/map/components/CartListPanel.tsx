import SearchIcon from '@mui/icons-material/Search';
import type { CartView } from '@fairway/domain';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  EVERY_CART,
  panelCarts,
  type OverdueCartIds,
  type PanelChoice,
  type ReservedCartIds,
} from '../lib/cart-groups';

const NO_OVERDUE_CARTS: OverdueCartIds = new Set();
import { CartFilterSelect } from './CartFilterSelect';
import { CartGroupTabs } from './CartGroupTabs';
import { CartListEmpty } from './CartListEmpty';
import { CartList, CartListSkeleton } from './CartList';

interface CartListPanelProps {
  carts: readonly CartView[];
  reservedCartIds: ReservedCartIds;
  /** Carts whose ride is overdue now: the "Overdue" filter (issue 23). */
  overdueCartIds?: OverdueCartIds;
  /** The site's time zone: booking times in the rows are on the club's clock. */
  timeZone?: string;
  /** Carts are still loading: show placeholders instead of "no carts". */
  loading: boolean;
  /** Shown in place of the list when the carts could not be loaded. */
  error?: ReactNode;
  /** Lives in the page, so the desktop panel and the phone's drawer show the same choice. */
  choice: PanelChoice;
  onChoiceChange: (choice: PanelChoice) => void;
  selectedCartId: string | null;
  onSelect: (cartId: string) => void;
}

/** The map's cart list (spec §2 Map): count, search, groups with counts, filters, one row per cart. */
export function CartListPanel({
  carts,
  reservedCartIds,
  overdueCartIds = NO_OVERDUE_CARTS,
  timeZone,
  loading,
  error,
  choice,
  onChoiceChange,
  selectedCartId,
  onSelect,
}: CartListPanelProps) {
  const { t } = useTranslation();
  // The list filters locally, so it follows each keystroke; deferring keeps typing smooth on big fleets.
  const query = useDeferredValue(choice.query);
  const { group, filter } = choice;
  const applied = useMemo(() => ({ query, group, filter }), [query, group, filter]);
  const { rows, counts } = useMemo(
    () => panelCarts(carts, applied, reservedCartIds, overdueCartIds),
    [carts, applied, reservedCartIds, overdueCartIds],
  );
  const narrowed = query.trim() !== '' || filter !== 'all';

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Box sx={{ px: 2, pt: 2, pb: 1, display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography component="h2" variant="h6" sx={{ flex: 1 }}>
          {t('map.carts')}
        </Typography>
        {loading ? (
          <Skeleton variant="rounded" width={36} height={24} />
        ) : (
          <Chip
            label={carts.length}
            size="small"
            color="primary"
            data-testid="cart-count"
            aria-label={t('map.cartCount', { total: carts.length })}
          />
        )}
      </Box>
      <Box sx={{ px: 2, pb: 1 }}>
        <TextField
          value={choice.query}
          onChange={(event) => onChoiceChange({ ...choice, query: event.target.value })}
          label={t('map.searchLabel')}
          placeholder={t('map.searchPlaceholder')}
          size="small"
          fullWidth
          type="search"
          slotProps={{
            htmlInput: { 'data-testid': 'map-search' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
      <Box sx={{ px: 2, pb: 1, display: 'flex', alignItems: 'center', gap: 1 }}>
        <CartFilterSelect value={filter} onChange={(next) => onChoiceChange({ ...choice, filter: next })} />
        {narrowed && !loading && !error && (
          <Typography variant="caption" color="text.secondary" role="status" sx={{ ml: 'auto' }}>
            {t('map.showingOf', { shown: rows.length, total: carts.length })}
          </Typography>
        )}
      </Box>
      <CartGroupTabs
        value={group}
        counts={counts}
        onChange={(next) => onChoiceChange({ ...choice, group: next })}
      />
      <Box sx={{ flex: 1, overflow: 'auto', minHeight: 0 }}>
        {error ? (
          <Box sx={{ p: 2 }}>{error}</Box>
        ) : loading ? (
          <CartListSkeleton />
        ) : rows.length === 0 ? (
          <CartListEmpty total={carts.length} choice={applied} onShowAll={() => onChoiceChange(EVERY_CART)} />
        ) : (
          <CartList carts={rows} selectedCartId={selectedCartId} onSelect={onSelect} timeZone={timeZone} />
        )}
      </Box>
    </Box>
  );
}
