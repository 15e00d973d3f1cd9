import { describe, expect, it } from 'vitest';
import { batteryChartOption } from './battery-chart-option';

const readings = [
  { timestamp: '2024-03-01T10:00:00.000Z', volts: 50.5 },
  { timestamp: '2024-03-01T10:05:00.000Z', volts: 49 },
];
const input = { readings, days: 1, locale: 'en', formatVolts: (v: number) => `${v} V`, colour: '#123456' };

type Formatter = (value: number) => string;
const axisFormatter = (days: number, locale = 'en'): Formatter => {
  const option = batteryChartOption({ ...input, days, locale });
  return (option.xAxis as { axisLabel: { formatter: Formatter } }).axisLabel.formatter;
};

describe('batteryChartOption', () => {
  it('plots volts over time', () => {
    const series = batteryChartOption(input).series as Array<{ data: Array<[number, number]> }>;
    expect(series[0]!.data).toEqual([
      [Date.parse('2024-03-01T10:00:00Z'), 50.5],
      [Date.parse('2024-03-01T10:05:00Z'), 49],
    ]);
  });

  it('labels a one-day axis with times and longer periods with dates, in the language', () => {
    const noon = new Date(2024, 2, 1, 12, 30).getTime();
    expect(axisFormatter(1, 'de')(noon)).toBe('12:30');
    expect(axisFormatter(7, 'en')(noon)).toBe('Mar 1');
    expect(axisFormatter(7, 'de')(noon)).toBe('1. März');
  });
});
