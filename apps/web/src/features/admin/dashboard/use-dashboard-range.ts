import {
  dayRangeInstants,
  DEFAULT_DATE_RANGE_PRESET,
  presetDays,
  todayIn,
  withDay,
  type DateRangePreset,
  type DayRange,
} from '@fairway/domain';
import { useMemo, useState } from 'react';
import { localDateToDay } from '../../../lib/calendar-days';

/** A preset (counted from today whenever the page renders) or days picked by hand. */
type RangeChoice = { preset: DateRangePreset } | { preset: 'custom'; days: DayRange };
export type DashboardPresetChoice = DateRangePreset | 'custom';

export interface DashboardRange {
  preset: DashboardPresetChoice;
  days: DayRange;
  /** ISO instants, [from, to): the first day's midnight and the midnight after the last, in `timeZone` */
  from: string;
  to: string;
  timeZone: string;
  choosePreset: (preset: DashboardPresetChoice) => void;
  /** a day typed or picked in the From or To field; half-typed dates are ignored */
  chooseDay: (edge: 'from' | 'to', value: Date | null) => void;
}

/**
 * The dashboard's period (spec §2 Admin area): today by default, one of the domain's presets, or a custom
 * first and last day. The days are counted on `timeZone`'s calendar (the site's, or the browser's for All
 * Sites), so "today" at a club is the club's today.
 */
export function useDashboardRange(timeZone: string): DashboardRange {
  const [choice, setChoice] = useState<RangeChoice>({ preset: DEFAULT_DATE_RANGE_PRESET });
  const today = todayIn(new Date(), timeZone);
  const picked = choice.preset === 'custom' ? choice.days : presetDays(choice.preset, today);
  // One object while the days stay the same, so the charts built from it are not rebuilt on every render.
  const days = useMemo(() => ({ from: picked.from, to: picked.to }), [picked.from, picked.to]);
  const instants = useMemo(() => dayRangeInstants(days, timeZone), [days, timeZone]);
  return {
    preset: choice.preset,
    days,
    from: instants.from.toISOString(),
    to: instants.to.toISOString(),
    timeZone,
    // "Custom" keeps the days in view, for the admin to move one edge.
    choosePreset: (preset) => setChoice(preset === 'custom' ? { preset, days } : { preset }),
    chooseDay: (edge, value) => {
      if (!value || Number.isNaN(value.getTime())) return;
      setChoice({ preset: 'custom', days: withDay(days, edge, localDateToDay(value)) });
    },
  };
}
