import type { BatteryReading } from '@fairway/domain';
import { useTheme } from '@mui/material/styles';
import { LineChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { use as registerChartParts } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../components/EChart';
import { DEFAULT_LOCALE } from '../../../lib/locale';
import { batteryChartOption } from './battery-chart-option';

// Only the parts this chart draws, so the bundle carries no other chart types. (ECharts' `use`, renamed:
// the hooks linter would take it for React's.)
registerChartParts([LineChart, GridComponent, TooltipComponent, CanvasRenderer]);

/** The ECharts line of battery volts over time; fills its parent, which sets the height. */
export function BatteryLineChart({ readings, days }: { readings: BatteryReading[]; days: number }) {
  const theme = useTheme();
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? DEFAULT_LOCALE;

  const option = useMemo(() => {
    const volts = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 2 });
    return batteryChartOption({
      readings,
      days,
      locale,
      formatVolts: (value) => t('cart.battery.volts', { value: volts.format(value) }),
      colour: theme.palette.primary.main,
    });
  }, [readings, days, locale, t, theme]);

  return <EChart option={option} label={t('cart.batteryChart.title')} />;
}
