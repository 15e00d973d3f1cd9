import SearchIcon from '@mui/icons-material/Search';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import NoTransferIcon from '@mui/icons-material/NoTransfer';
import { cartMarkerState, CART_MARKER_COLOURS, type CartView } from '@fairway/domain';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatDistanceStrict } from 'date-fns';
import { useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { searchCarts } from '../../../lib/cart-search';
import { dateLocaleFor } from '../../../lib/date-locale';
import { useNow } from '../../../lib/use-now';
import { CartStatusChip } from './CartStatusChip';

/** Reports younger than this read "just now": carts report every few seconds. */
const JUST_NOW_MS = 15_000;

interface CartListPanelProps {
  carts: readonly CartView[];
  /** Carts are still loading: show placeholders instead of "no carts". */
  loading: boolean;
  /** Shown in place of the list when the carts could not be loaded. */
  error?: ReactNode;
  selectedCartId: string | null;
  onSelect: (cart: CartView) => void;
}

/**
 * The map's cart list: count, search by number or name, one row per cart with its state.
 * (Groups, filters and the bottom sheet arrive with the full panel.)
 */
export function CartListPanel({ carts, loading, error, selectedCartId, onSelect }: CartListPanelProps) {
  const { t, i18n } = useTranslation();
  const [query, setQuery] = useState('');
  // The list filters locally, so it follows each keystroke; deferring keeps typing smooth on big fleets.
  const deferredQuery = useDeferredValue(query);
  const visible = useMemo(() => searchCarts(carts, deferredQuery), [carts, deferredQuery]);
  const now = useNow(30_000);
  const dateLocale = dateLocaleFor(i18n.resolvedLanguage ?? 'en');
  const lastReportLabel = (timeUTC: string | null): string => {
    if (!timeUTC) return t('map.neverReported');
    // Clamped to now: a cart clock slightly ahead of the browser's must not read "in 2 seconds".
    const reportedAt = Math.min(Date.parse(timeUTC), now);
    if (now - reportedAt < JUST_NOW_MS) return t('map.updatedJustNow');
    return t('map.updatedAgo', {
      time: formatDistanceStrict(reportedAt, now, { addSuffix: true, locale: dateLocale }),
    });
  };

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
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          label={t('map.searchLabel')}
          placeholder={t('map.searchPlaceholder')}
          size="small"
          fullWidth
          type="search"
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        {deferredQuery.trim() !== '' && !loading && (
          <Typography variant="caption" color="text.secondary" role="status">
            {t('map.showingOf', { shown: visible.length, total: carts.length })}
          </Typography>
        )}
      </Box>
      <Box sx={{ flex: 1, overflow: 'auto', minHeight: 0 }}>
        {error ? (
          <Box sx={{ p: 2 }}>{error}</Box>
        ) : loading ? (
          <List aria-busy="true">
            {Array.from({ length: 6 }, (_, index) => (
              <ListItem key={index}>
                <ListItemAvatar>
                  <Skeleton variant="circular" width={36} height={36} />
                </ListItemAvatar>
                <ListItemText primary={<Skeleton width="60%" />} secondary={<Skeleton width="40%" />} />
              </ListItem>
            ))}
          </List>
        ) : carts.length === 0 ? (
          <EmptyState icon={<NoTransferIcon />} title={t('map.noCarts')} description={t('map.noCartsHint')} />
        ) : visible.length === 0 ? (
          <EmptyState icon={<SearchOffIcon />} title={t('map.noMatches', { query: deferredQuery.trim() })} />
        ) : (
          <List dense aria-label={t('map.carts')}>
            {visible.map((cart) => {
              const number = cart.carNumber ?? '?';
              const updated = lastReportLabel(cart.timeUTC);
              return (
                <ListItemButton
                  key={cart._id}
                  selected={cart._id === selectedCartId}
                  onClick={() => onSelect(cart)}
                  data-testid={`cart-row-${cart.carNumber ?? cart._id}`}
                >
                  <ListItemAvatar>
                    <Avatar
                      sx={{
                        bgcolor: CART_MARKER_COLOURS[cartMarkerState(cart)],
                        width: 36,
                        height: 36,
                        fontSize: 14,
                        fontWeight: 700,
                      }}
                    >
                      {number}
                    </Avatar>
                  </ListItemAvatar>
                  <ListItemText
                    primary={cart.carName || t('map.cartNumber', { number })}
                    secondary={updated}
                    slotProps={{ primary: { noWrap: true } }}
                  />
                  <CartStatusChip cart={cart} />
                </ListItemButton>
              );
            })}
          </List>
        )}
      </Box>
    </Box>
  );
}
