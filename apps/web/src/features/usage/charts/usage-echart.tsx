import { BarChart, HeatmapChart, LineChart } from 'echarts/charts';
import { GridComponent, TooltipComponent, VisualMapComponent } from 'echarts/components';
import { use as registerChartParts } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { EChart } from '../../../components/EChart';
import type { UsageChartOption } from './usage-chart-options';

// Only what the Usage charts draw. (ECharts' `use`, renamed: the hooks linter would take it for React's.)
registerChartParts([
  LineChart,
  BarChart,
  HeatmapChart,
  GridComponent,
  TooltipComponent,
  VisualMapComponent,
  CanvasRenderer,
]);

/** One chart of the Usage page. This module brings ECharts, so the page loads it on demand (LazyUsageChart). */
export default function UsageEChart({ option, label }: { option: UsageChartOption; label: string }) {
  return <EChart option={option} label={label} />;
}
