import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense } from 'react';
import { CHART_HEIGHT } from './chart-height';
import type { UsageChartOption } from './usage-chart-options';

// ECharts comes in its own chunk when the first chart is drawn: the cards and the page's frame do not wait.
const UsageEChart = lazy(() => import('./usage-echart'));

/** A Usage chart at the spec's height, with a skeleton of that height while ECharts loads. */
export function LazyUsageChart({ option, label }: { option: UsageChartOption; label: string }) {
  return (
    // The chart fills this box: ECharts takes its size from its container.
    <Box sx={{ height: CHART_HEIGHT }}>
      <Suspense fallback={<Skeleton variant="rounded" height={CHART_HEIGHT} />}>
        <UsageEChart option={option} label={label} />
      </Suspense>
    </Box>
  );
}
