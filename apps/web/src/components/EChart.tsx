import Box from '@mui/material/Box';
import { init, type ECharts, type EChartsCoreOption } from 'echarts/core';
import { useEffect, useRef } from 'react';

interface EChartProps {
  option: EChartsCoreOption;
  /** what the chart shows, for screen readers (the canvas itself says nothing) */
  label: string;
}

/**
 * One ECharts instance that fills its parent (which sets the height) and follows its width. ECharts weighs
 * hundreds of kB: only modules loaded on demand import this file, and each registers the chart types it
 * draws (`use` from 'echarts/core') before rendering it, so no bundle carries types it does not draw.
 */
export function EChart({ option, label }: EChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const instance = init(element);
    chart.current = instance;
    // Charts sit in cards, side panels and sheets that change width without a window resize.
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return <Box ref={container} role="img" aria-label={label} sx={{ width: '100%', height: '100%' }} />;
}
