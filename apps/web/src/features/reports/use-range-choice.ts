import { useState } from 'react';
import { localDateToDay, presetOf, presetRange, withDay, type ReportPreset } from './lib/report-range';
import { useSetReportRange, type ReportRange } from './use-report-range';

/**
 * What a period picker does with the operator's choices (the reports' drawer, the Rides list): a preset
 * replaces the period, a typed or picked day moves one edge. "Custom" chosen by hand stays chosen while its
 * dates still happen to match a preset.
 */
export function useRangeChoice(range: ReportRange | null) {
  const setRange = useSetReportRange();
  const [customChosen, setCustomChosen] = useState(false);
  const preset: ReportPreset | null = range ? (customChosen ? 'custom' : presetOf(range, range.today)) : null;

  const choosePreset = (next: ReportPreset | null) => {
    if (!next || !range) return;
    setCustomChosen(next === 'custom');
    if (next !== 'custom') setRange(presetRange(next, range.today));
  };
  const chooseDay = (edge: 'from' | 'to', value: Date | null) => {
    // The field reports every keystroke; only a whole, real date moves the period.
    if (!range || !value || Number.isNaN(value.getTime())) return;
    setRange(withDay(range, edge, localDateToDay(value)));
  };
  return { preset, choosePreset, chooseDay };
}
