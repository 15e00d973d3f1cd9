import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import type { RideView } from '@fairway/domain';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';

export const RIDE_MARKS = ['tooShort', 'fewPoints'] as const;

/**
 * The marks of a ride too short or with too few positions to count (spec §3 minRideDuration, trailPoints):
 * kept and shown, never dropped. The pointer's hint says why; the detail pane spells it out for everyone.
 */
export function RideMarkChips({ marks }: { marks: RideView['marks'] }) {
  const { t } = useTranslation();
  return RIDE_MARKS.filter((mark) => marks[mark]).map((mark) => (
    <Tooltip key={mark} title={t(`rides.marks.${mark}Hint`)} describeChild>
      <Chip
        size="small"
        variant="outlined"
        icon={<WarningAmberIcon />}
        label={t(`rides.marks.${mark}`)}
        data-testid={`ride-mark-${mark}`}
      />
    </Tooltip>
  ));
}
