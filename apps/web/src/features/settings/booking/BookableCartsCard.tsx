import NoTransferIcon from '@mui/icons-material/NoTransfer';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ErrorState';
import { compareCarNumbers } from '../../../lib/cart-search';
import { useDevices } from '../../realtime';
import { BookableCartRow } from './BookableCartRow';

interface BookableCartsCardProps {
  siteId: string;
  /** Cart settings need role user (the server enforces it). */
  editable: boolean;
}

/** Spec §2 Booking: which of the site's carts guests may book online. */
export function BookableCartsCard({ siteId, editable }: BookableCartsCardProps) {
  const { t } = useTranslation();
  const devices = useDevices(siteId);
  const carts = useMemo(() => devices.data?.toSorted(compareCarNumbers), [devices.data]);

  return (
    <Card variant="outlined">
      <CardHeader
        title={t('booking.bookableCarts.title')}
        subheader={t('booking.bookableCarts.subtitle')}
        slotProps={{ title: { component: 'h2' } }}
      />
      {devices.isPending && (
        <List dense aria-busy>
          {[0, 1, 2].map((row) => (
            <ListItem key={row} divider>
              <ListItemText primary={<Skeleton width="30%" />} secondary={<Skeleton width="20%" />} />
            </ListItem>
          ))}
        </List>
      )}
      {devices.isError && (
        <CardContent>
          <ErrorState
            error={devices.error}
            title={t('booking.bookableCarts.loadFailed')}
            onRetry={() => void devices.refetch()}
          />
        </CardContent>
      )}
      {carts?.length === 0 && (
        <CardContent>
          <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', color: 'text.secondary' }}>
            <NoTransferIcon aria-hidden />
            <Typography>{t('booking.bookableCarts.empty')}</Typography>
          </Box>
        </CardContent>
      )}
      {carts && carts.length > 0 && (
        <List dense aria-label={t('booking.bookableCarts.title')}>
          {carts.map((cart) => (
            <BookableCartRow key={cart._id} siteId={siteId} cart={cart} editable={editable} />
          ))}
        </List>
      )}
    </Card>
  );
}
