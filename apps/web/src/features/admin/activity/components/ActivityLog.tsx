import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ActivityEntryView } from '@fairway/domain';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../lib/date-format';
import {
  activityTone,
  isKnownActivityType,
  otherFacts,
  signalFacts,
  type SignalFact,
} from '../lib/activity-entry';

function useSignalText() {
  const { t } = useTranslation();
  return (fact: SignalFact) => {
    if (fact.kind === 'link')
      return t(fact.conType === 'W' ? 'adminActivity.data.viaWifi' : 'adminActivity.data.viaCellular');
    if (fact.kind === 'cellular') return t('adminActivity.data.cellular', { csq: fact.csq, dots: fact.dots });
    return t('adminActivity.data.wifi', { rssi: fact.rssi, percent: fact.percent });
  };
}

/** One entry: when, what kind, which cart, the message, and its data in words. */
function EntryRow({ entry }: { entry: ActivityEntryView }) {
  const { t, i18n } = useTranslation();
  const signalText = useSignalText();
  const signals = signalFacts(entry.data);
  const others = otherFacts(entry.data);
  const facts = [...signals.map(signalText), ...others.map(({ key, value }) => `${key}: ${value}`)];
  const type = isKnownActivityType(entry.type) ? t(`adminActivity.types.${entry.type}`) : entry.type;
  return (
    <Box
      component="li"
      data-testid={`activity-entry-${entry._id}`}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: '150px 170px 90px minmax(0, 1fr)' },
        columnGap: 2,
        rowGap: 0.5,
        alignItems: 'baseline',
        px: 2,
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Typography variant="body2" component="time" dateTime={entry.date} sx={{ color: 'text.secondary' }}>
        {formatDateTime(entry.date, i18n.resolvedLanguage)}
      </Typography>
      <Box>
        <Chip
          size="small"
          variant="outlined"
          color={activityTone(entry.type)}
          label={type}
          data-testid="activity-type"
        />
      </Box>
      <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="activity-cart-number">
        {entry.device
          ? t('adminActivity.cart', { carNumber: entry.device.carNumber })
          : t('adminActivity.noCart')}
      </Typography>
      <Stack spacing={0.25} sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {entry.message}
        </Typography>
        {facts.length > 0 && (
          <Typography
            variant="caption"
            sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}
            data-testid="activity-data"
          >
            {facts.join(' · ')}
          </Typography>
        )}
      </Stack>
    </Box>
  );
}

/** The page of entries as a list, newest first (the server's order). */
export function ActivityLog({ entries, label }: { entries: readonly ActivityEntryView[]; label: string }) {
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {entries.map((entry) => (
        <EntryRow key={entry._id} entry={entry} />
      ))}
    </Box>
  );
}
