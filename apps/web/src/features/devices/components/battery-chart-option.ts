import type { BatteryReading } from '@fairway/domain';
import type { LineSeriesOption } from 'echarts/charts';
import type { GridComponentOption, TooltipComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import { formatDateTime } from '../../../lib/date-format';

export type BatteryChartOption = ComposeOption<
  LineSeriesOption | GridComponentOption | TooltipComponentOption
>;

interface BatteryChartInput {
  readings: BatteryReading[];
  /** The chosen period; a one-day chart labels its axis with times, longer ones with dates. */
  days: number;
  locale: string;
  /** '48.20 V' in the interface language. */
  formatVolts: (volts: number) => string;
  colour: string;
}

/**
 * The ECharts option of the battery voltage chart. ECharts' own time labels exist in English and a few
 * other languages but not Danish, so every date and number is formatted here with Intl, in the browser's
 * time zone like the axis itself.
 */
export function batteryChartOption({
  readings,
  days,
  locale,
  formatVolts,
  colour,
}: BatteryChartInput): BatteryChartOption {
  const axisTime = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' });
  const axisDate = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short' });
  const points = readings.map((reading): [number, number] => [Date.parse(reading.timestamp), reading.volts]);

  return {
    // 30 days are thousands of points; drawing them without animation keeps a period switch snappy.
    animation: false,
    grid: {
      left: 8,
      right: 16,
      top: 16,
      bottom: 8,
      outerBoundsMode: 'same',
      outerBoundsContain: 'axisLabel',
    },
    tooltip: {
      trigger: 'axis',
      formatter: (params) => {
        const [first] = Array.isArray(params) ? params : [params];
        const [time, volts] = (first?.value ?? []) as [number?, number?];
        if (time === undefined || volts === undefined) return '';
        return `${formatDateTime(time, locale)}<br/><strong>${formatVolts(volts)}</strong>`;
      },
    },
    xAxis: {
      type: 'time',
      axisLabel: {
        hideOverlap: true,
        formatter: (value: number) => (days <= 1 ? axisTime : axisDate).format(value),
      },
    },
    // Voltage moves within a few volts; an axis from 0 would flatten the curve into a line.
    yAxis: { type: 'value', scale: true, axisLabel: { formatter: (value: number) => formatVolts(value) } },
    series: [
      {
        type: 'line',
        data: points,
        showSymbol: false,
        sampling: 'lttb',
        lineStyle: { width: 2, color: colour },
        itemStyle: { color: colour },
      },
    ],
  };
}
