import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import KeyIcon from '@mui/icons-material/Key';
import type { RideView } from '@fairway/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDistanceKm } from '../lib/ride-format';
import { RIDE_MARKS } from './RideMarkChips';
import { RideFact, RideFacts } from './RideFact';
import { ServiceChip } from './ServiceChip';

/** Rides opened with a code typed at the cart or a tag held to it carry that code (spec §2 Rides). */
const CODE_TYPES: readonly RideView['type'][] = ['keypad', 'rfid'];

interface RideDetailsSectionProps {
  ride: RideView;
  /** the admin's technical block (spec §6), shown at the end of the details */
  technical?: ReactNode;
}

/**
 * The collapsible Details of spec §2 Rides: service, unlock code, driver (with the virtual-key badge when a
 * member drove), email, method, who unlocked it, distance, why it ended and what its marks mean. Open at
 * first; closing it gives the map more room.
 */
export function RideDetailsSection({ ride, technical }: RideDetailsSectionProps) {
  const { t, i18n } = useTranslation();
  const [expanded, setExpanded] = useState(true);
  const regionId = useId();
  const notGiven = (
    <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
      {t('rides.detail.notGiven')}
    </Box>
  );
  const marks = RIDE_MARKS.filter((mark) => ride.marks[mark]);

  return (
    <Box sx={{ borderTop: 1, borderBottom: 1, borderColor: 'divider' }}>
      <Button
        fullWidth
        onClick={() => setExpanded((open) => !open)}
        aria-expanded={expanded}
        aria-controls={regionId}
        endIcon={
          <ExpandMoreIcon
            sx={{ transform: expanded ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }}
          />
        }
        sx={{ justifyContent: 'space-between', color: 'text.primary', py: 1, px: 2, borderRadius: 0 }}
        data-testid="ride-details-toggle"
      >
        <Typography component="h3" variant="subtitle2">
          {t('rides.detail.details')}
        </Typography>
      </Button>
      <Collapse in={expanded}>
        <Box id={regionId} role="region" aria-label={t('rides.detail.details')} sx={{ px: 2, pb: 2 }}>
          <RideFacts>
            <RideFact label={t('rides.detail.service')}>
              {ride.service ? <ServiceChip service={ride.service} /> : t('rides.detail.noService')}
            </RideFact>
            <RideFact label={t('rides.detail.method')}>{t(`rides.types.${ride.type}`)}</RideFact>
            {CODE_TYPES.includes(ride.type) && (
              <RideFact label={t('rides.detail.unlockCode')}>
                {ride.unlockCode ? (
                  <Box component="span" sx={{ fontFamily: 'monospace', fontSize: '0.95em' }}>
                    {ride.unlockCode}
                  </Box>
                ) : (
                  notGiven
                )}
              </RideFact>
            )}
            <RideFact label={t('rides.detail.driver')}>
              <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <span>{ride.meta.name ?? notGiven}</span>
                {ride.driver && (
                  <Chip
                    size="small"
                    icon={<KeyIcon />}
                    label={t('rides.detail.virtualKey')}
                    title={t('rides.detail.virtualKeyHint')}
                    data-testid="ride-virtual-key"
                  />
                )}
              </Stack>
            </RideFact>
            <RideFact label={t('rides.detail.email')}>{ride.meta.email ?? notGiven}</RideFact>
            {ride.unlockedBy && (
              <RideFact label={t('rides.detail.unlockedBy')}>{ride.unlockedBy.email}</RideFact>
            )}
            <RideFact label={t('rides.detail.distance')}>
              {ride.distance === null ? notGiven : formatDistanceKm(ride.distance, i18n.resolvedLanguage)}
            </RideFact>
            {ride.endReason && (
              <RideFact label={t('rides.detail.endReason')}>
                {t(`rides.endReasons.${ride.endReason}`)}
              </RideFact>
            )}
            {marks.length > 0 && (
              <RideFact label={t('rides.detail.marks')} wide>
                <Box component="span" sx={{ display: 'flex', flexDirection: 'column', gap: 0.25 }}>
                  {marks.map((mark) => (
                    <span key={mark} data-testid={`ride-mark-explained-${mark}`}>
                      <strong>{t(`rides.marks.${mark}`)}</strong>
                      {': '}
                      <Box component="span" sx={{ fontWeight: 400 }}>
                        {t(`rides.marks.${mark}Hint`)}
                      </Box>
                    </span>
                  ))}
                </Box>
              </RideFact>
            )}
          </RideFacts>
          {technical}
        </Box>
      </Collapse>
    </Box>
  );
}
