import type { RideView } from '@fairway/domain';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../../lib/use-now';
import {
  endedRideSeconds,
  formatRideDuration,
  formatRideMoment,
  isOpenRide,
  rideElapsedSeconds,
} from '../lib/ride-format';
import { RideFact, RideFacts } from './RideFact';
import { RideStatusBadge } from './RideStatusBadge';

/** Spec §9: an open ride's elapsed time ticks every second. */
const TICK_MS = 1_000;

type TimedRide = Pick<RideView, 'status' | 'confirmed' | 'start' | 'end' | 'duration'>;

/** Start, duration, and the end, or the Active/Paused badge while the ride is open (spec §2 Rides). */
export function RideTimes({ ride, timeZone }: { ride: TimedRide; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage;
  return (
    <RideFacts minWidth={140}>
      <RideFact label={t('rides.detail.start')}>
        <time dateTime={ride.start}>{formatRideMoment(ride.start, locale, timeZone)}</time>
      </RideFact>
      <RideFact label={t('rides.detail.duration')}>
        {isOpenRide(ride) ? (
          <OpenRideDuration ride={ride} />
        ) : (
          <span data-testid="ride-duration">{formatRideDuration(endedRideSeconds(ride))}</span>
        )}
      </RideFact>
      <RideFact label={t('rides.detail.end')}>
        {ride.end && !isOpenRide(ride) ? (
          <time dateTime={ride.end}>{formatRideMoment(ride.end, locale, timeZone)}</time>
        ) : (
          <RideStatusBadge ride={ride} />
        )}
      </RideFact>
    </RideFacts>
  );
}

/**
 * The running clock of an open ride. Its own component, so only it re-renders each second; a screen reader is
 * not told every tick (the value is read when reached).
 */
function OpenRideDuration({ ride }: { ride: TimedRide }) {
  const now = useNow(TICK_MS);
  return (
    <span data-testid="ride-duration" style={{ fontVariantNumeric: 'tabular-nums' }}>
      {formatRideDuration(rideElapsedSeconds(ride, now))}
    </span>
  );
}
