import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { formatDistanceStrict } from 'date-fns';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/date-format';
import { dateLocaleFor } from '../../../lib/date-locale';
import { useNow } from '../../../lib/use-now';

/** "5 minutes ago" stays true to the minute. */
const CLOCK_REFRESH_MS = 60_000;

interface MomentTextProps {
  /** ISO instant; null = never */
  at: string | null;
  /** shown for null */
  never: string;
  testId?: string;
}

/**
 * When something happened, as "3 hours ago" in the interface language, with the exact date and time on hover
 * (the `<time>` element carries the instant for machines). A moment a little ahead of this browser's clock reads
 * "now", not "in 2 seconds".
 */
export function MomentText({ at, never, testId }: MomentTextProps) {
  const { i18n } = useTranslation();
  const now = useNow(CLOCK_REFRESH_MS);
  const locale = i18n.resolvedLanguage ?? 'en';
  if (at === null) {
    return (
      <Typography variant="body2" component="span" sx={{ color: 'text.secondary' }} data-testid={testId}>
        {never}
      </Typography>
    );
  }
  const moment = Math.min(Date.parse(at), now);
  const exact = formatDateTime(at, locale);
  return (
    // describeChild: the exact time describes the relative one rather than replacing its text.
    <Tooltip title={exact} describeChild>
      <Typography
        variant="body2"
        component="time"
        dateTime={at}
        sx={{ whiteSpace: 'nowrap' }}
        data-testid={testId}
      >
        {formatDistanceStrict(moment, now, { addSuffix: true, locale: dateLocaleFor(locale) })}
      </Typography>
    </Tooltip>
  );
}
