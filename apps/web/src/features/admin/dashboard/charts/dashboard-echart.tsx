import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { use as registerChartParts } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { EChart } from '../../../../components/EChart';
import type { DashboardChartOption } from './dashboard-chart-options';

// Only what the dashboard draws. (ECharts' `use`, renamed: the hooks linter would take it for React's.)
registerChartParts([BarChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

/** One dashboard chart. This module brings ECharts, so the page loads it on demand (LazyDashboardChart). */
export default function DashboardEChart({ option, label }: { option: DashboardChartOption; label: string }) {
  return <EChart option={option} label={label} />;
}
