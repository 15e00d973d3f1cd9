import type { ZoneRingProblem } from '@fairway/domain';
import type { TFunction } from 'i18next';
import { ApiError, apiErrorCode } from '../../../lib/api-client';

const RING_PROBLEMS: readonly ZoneRingProblem[] = [
  'invalidCoordinate',
  'notClosed',
  'tooFewVertices',
  'tooManyVertices',
  'repeatedVertex',
  'selfIntersection',
  'tooSmall',
  'tooLarge',
];

const isRingProblem = (code: unknown): code is ZoneRingProblem =>
  RING_PROBLEMS.includes(code as ZoneRingProblem);

/**
 * What a failed zone call tells the operator: the server's reason code in the operator's language when it
 * is one of ours (an outline problem, a geofence below admin), else the server's own message (spec §8).
 */
export function zoneErrorMessage(error: unknown, t: TFunction): string {
  const code = apiErrorCode(error);
  if (isRingProblem(code)) return t(`zones.problems.${code}`);
  if (code === 'zoneTypeRole') return t('zones.geofenceAdminOnly');
  return error instanceof ApiError ? error.message : t('errors.unknown');
}
