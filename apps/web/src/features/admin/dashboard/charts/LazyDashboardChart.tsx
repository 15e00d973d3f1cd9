import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense } from 'react';
import type { DashboardChartOption } from './dashboard-chart-options';

// ECharts comes in its own chunk when the first chart is drawn: the figures do not wait for it.
const DashboardEChart = lazy(() => import('./dashboard-echart'));

/** Spec §9: charts are 300 px high, in every state, so the page does not jump while ECharts loads. */
export const DASHBOARD_CHART_HEIGHT = 300;

export function LazyDashboardChart({ option, label }: { option: DashboardChartOption; label: string }) {
  return (
    <Box sx={{ height: DASHBOARD_CHART_HEIGHT }}>
      <Suspense fallback={<Skeleton variant="rounded" height={DASHBOARD_CHART_HEIGHT} />}>
        <DashboardEChart option={option} label={label} />
      </Suspense>
    </Box>
  );
}
