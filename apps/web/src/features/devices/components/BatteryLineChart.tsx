import type { BatteryReading } from '@fairway/domain';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { LineChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { init, use as registerChartParts, type ECharts } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE } from '../../../lib/locale';
import { batteryChartOption } from './battery-chart-option';

// Only the parts this chart draws, so the bundle carries no other chart types. (ECharts' `use`, renamed:
// the hooks linter would take it for React's.)
registerChartParts([LineChart, GridComponent, TooltipComponent, CanvasRenderer]);

/** The ECharts line of battery volts over time; fills its parent, which sets the height. */
export function BatteryLineChart({ readings, days }: { readings: BatteryReading[]; days: number }) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const theme = useTheme();
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? DEFAULT_LOCALE;

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const instance = init(element);
    chart.current = instance;
    // The chart sits in side panels and sheets that change width without a window resize.
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    const volts = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 2 });
    chart.current?.setOption(
      batteryChartOption({
        readings,
        days,
        locale,
        formatVolts: (value) => t('cart.battery.volts', { value: volts.format(value) }),
        colour: theme.palette.primary.main,
      }),
      { notMerge: true },
    );
  }, [readings, days, locale, t, theme]);

  return (
    <Box
      ref={container}
      role="img"
      aria-label={t('cart.batteryChart.title')}
      sx={{ width: '100%', height: '100%' }}
    />
  );
}
