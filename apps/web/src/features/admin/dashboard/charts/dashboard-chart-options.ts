import type { BarSeriesOption } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';

/**
 * The dashboard's bar charts as a plain function of the figures. The labels arrive written in the interface
 * language (ECharts knows neither Danish nor Czech, and its time axis would shift the period's calendar days
 * into the browser's zone), and the values are formatted by the caller (counts, or money per currency).
 */
export type DashboardChartOption = ComposeOption<
  BarSeriesOption | GridComponentOption | TooltipComponentOption | LegendComponentOption
>;

export interface DashboardSeries {
  /** shown in the legend and tooltip when there are several (payments per currency) */
  name: string;
  values: readonly number[];
  /** a value as the tooltip and the axis write it */
  format: (value: number) => string;
}

export interface DashboardBars {
  /** one per bucket: short for the axis, long for the tooltip */
  labels: readonly string[];
  details: readonly string[];
  series: readonly DashboardSeries[];
  colours: readonly string[];
}

/** Names come from the server (currencies) and from translations: ECharts' tooltips are HTML. */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function dashboardBarOption({
  labels,
  details,
  series,
  colours,
}: DashboardBars): DashboardChartOption {
  const several = series.length > 1;
  const [first] = series;
  return {
    animation: false,
    color: [...colours],
    grid: {
      left: 8,
      right: 16,
      top: several ? 32 : 16,
      bottom: 8,
      outerBoundsMode: 'same',
      outerBoundsContain: 'axisLabel',
    },
    legend: several ? { top: 0, data: series.map((one) => one.name) } : { show: false },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: (params) => {
        const items = Array.isArray(params) ? params : [params];
        const index = items[0]?.dataIndex;
        if (index === undefined) return '';
        const lines = series.map((one) => {
          const value = escapeHtml(one.format(one.values[index] ?? 0));
          return several ? `${escapeHtml(one.name)}: <strong>${value}</strong>` : `<strong>${value}</strong>`;
        });
        return [escapeHtml(details[index] ?? labels[index] ?? ''), ...lines].join('<br/>');
      },
    },
    xAxis: { type: 'category', data: [...labels], axisLabel: { hideOverlap: true } },
    // One currency's axis can be written in its money; several share a plain number axis.
    yAxis: {
      type: 'value',
      minInterval: 1,
      axisLabel: { formatter: (value: number) => (several || !first ? String(value) : first.format(value)) },
    },
    series: series.map((one) => ({
      type: 'bar',
      name: one.name,
      data: [...one.values],
      barMaxWidth: 24,
      itemStyle: { borderRadius: [3, 3, 0, 0] },
    })),
  };
}
