import { useTheme } from '@mui/material/styles';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../usage-format';
import type { ChartLook } from './usage-chart-options';

/** The charts' colour and number style in the interface language. */
export function useChartLook(): ChartLook {
  const theme = useTheme();
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage;
  return useMemo(
    () => ({
      colour: theme.palette.primary.main,
      formatCount: (count: number) => formatCount(count, locale),
      formatRounds: (rounds: number) => t('usage.rounds', { value: formatCount(rounds, locale) }),
    }),
    [theme, locale, t],
  );
}
