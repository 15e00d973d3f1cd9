import type { BarSeriesOption, HeatmapSeriesOption, LineSeriesOption } from 'echarts/charts';
import type {
  GridComponentOption,
  TooltipComponentOption,
  VisualMapComponentOption,
} from 'echarts/components';
import type { ComposeOption } from 'echarts/core';

/**
 * The ECharts options of Reports → Usage, as plain functions of the answer. Every label is written here
 * with Intl (usage-format.ts) and handed to ECharts as category names: ECharts' own labels know neither
 * Danish nor Czech, and the days and hours are the site's, which ECharts' time axis would shift into the
 * browser's zone.
 */
export type UsageChartOption = ComposeOption<
  | LineSeriesOption
  | BarSeriesOption
  | HeatmapSeriesOption
  | GridComponentOption
  | TooltipComponentOption
  | VisualMapComponentOption
>;

/** One bar or point: its axis label, the long label of its tooltip, and its count. */
export interface UsageItem {
  label: string;
  detail?: string;
  rounds: number;
}

export interface ChartLook {
  /** 'N rounds' in the interface language */
  formatRounds: (rounds: number) => string;
  /** a count on an axis ('1,234') */
  formatCount: (count: number) => string;
  colour: string;
}

const GRID: GridComponentOption = {
  left: 8,
  right: 16,
  top: 16,
  bottom: 8,
  outerBoundsMode: 'same',
  outerBoundsContain: 'axisLabel',
};

const tooltipOf = (items: readonly UsageItem[], look: ChartLook): TooltipComponentOption => ({
  trigger: 'axis',
  axisPointer: { type: 'shadow' },
  formatter: (params) => {
    const [first] = Array.isArray(params) ? params : [params];
    const item = first?.dataIndex === undefined ? undefined : items[first.dataIndex];
    if (!item) return '';
    return `${escapeHtml(item.detail ?? item.label)}<br/><strong>${escapeHtml(look.formatRounds(item.rounds))}</strong>`;
  },
});

/** Names come from the club (services, prices, carts): ECharts' tooltips are HTML. */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Whole rounds only: an axis of counts never shows 0.5. */
const countAxis = (look: ChartLook) =>
  ({
    type: 'value',
    minInterval: 1,
    axisLabel: { formatter: (value: number) => look.formatCount(value) },
  }) as const;

/** Rounds per day or month of the period (spec §2: daily usage area). */
export function usageAreaOption(items: readonly UsageItem[], look: ChartLook): UsageChartOption {
  return {
    animation: false,
    grid: GRID,
    tooltip: tooltipOf(items, look),
    xAxis: {
      type: 'category',
      boundaryGap: false,
      data: items.map((item) => item.label),
      axisLabel: { hideOverlap: true },
    },
    yAxis: countAxis(look),
    series: [
      {
        type: 'line',
        data: items.map((item) => item.rounds),
        smooth: false,
        showSymbol: items.length <= 31,
        lineStyle: { width: 2, color: look.colour },
        itemStyle: { color: look.colour },
        areaStyle: { color: look.colour, opacity: 0.25 },
      },
    ],
  };
}

/**
 * A bar per item (carts, services, prices). `horizontal` lays the bars along the value axis, for long
 * names (services and prices) that would not fit under a bar.
 */
export function usageBarOption(
  items: readonly UsageItem[],
  look: ChartLook,
  { horizontal = false }: { horizontal?: boolean } = {},
): UsageChartOption {
  const categories = {
    type: 'category' as const,
    data: items.map((item) => item.label),
    axisLabel: horizontal ? { width: 120, overflow: 'truncate' as const } : { hideOverlap: true },
    // Horizontal bars read from the top, most first.
    inverse: horizontal,
  };
  return {
    animation: false,
    grid: GRID,
    tooltip: tooltipOf(items, look),
    xAxis: horizontal ? countAxis(look) : categories,
    yAxis: horizontal ? categories : countAxis(look),
    series: [
      {
        type: 'bar',
        data: items.map((item) => item.rounds),
        barMaxWidth: 32,
        itemStyle: { color: look.colour, borderRadius: horizontal ? [0, 4, 4, 0] : [4, 4, 0, 0] },
      },
    ],
  };
}

export interface HeatmapLabels {
  /** Monday first, short: the rows */
  weekdays: readonly string[];
  /** long names, for the tooltip */
  weekdaysLong: readonly string[];
  /** 0–23: the columns */
  hours: readonly string[];
}

/** Rounds or bookings by weekday (rows, Monday on top) and hour of the site's clock (columns). */
export function heatmapOption(
  counts: readonly (readonly number[])[],
  labels: HeatmapLabels,
  look: ChartLook,
): UsageChartOption {
  const cells = counts.flatMap((row, weekday) =>
    row.map((count, hour): [number, number, number] => [hour, weekday, count]),
  );
  const max = Math.max(1, ...cells.map(([, , count]) => count));
  return {
    animation: false,
    grid: { ...GRID, bottom: 48 },
    tooltip: {
      trigger: 'item',
      formatter: (params) => {
        const [hour, weekday, count] = ((Array.isArray(params) ? params[0] : params)?.value ??
          []) as number[];
        if (hour === undefined || weekday === undefined || count === undefined) return '';
        const when = `${labels.weekdaysLong[weekday] ?? ''} ${labels.hours[hour] ?? ''}`;
        return `${escapeHtml(when)}<br/><strong>${escapeHtml(look.formatRounds(count))}</strong>`;
      },
    },
    xAxis: {
      type: 'category',
      data: [...labels.hours],
      splitArea: { show: true },
      axisLabel: { hideOverlap: true },
    },
    yAxis: { type: 'category', data: [...labels.weekdays], inverse: true, splitArea: { show: true } },
    visualMap: {
      min: 0,
      max,
      calculable: false,
      orient: 'horizontal',
      left: 'center',
      bottom: 0,
      itemHeight: 120,
      // The scale's ends, as counts in the interface language: [high, low].
      text: [look.formatCount(max), look.formatCount(0)],
      inRange: { color: ['#f1f5f2', look.colour] },
    },
    series: [
      { type: 'heatmap', data: cells, emphasis: { itemStyle: { borderColor: '#333', borderWidth: 1 } } },
    ],
  };
}
