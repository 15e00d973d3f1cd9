import BatteryUnknownIcon from '@mui/icons-material/BatteryUnknown';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ErrorState';
import { useBatteryReadings } from '../api/get-battery';
import { BatteryLineChart } from './BatteryLineChart';

/** The battery voltage filters of spec §9. */
const PERIODS = [1, 7, 14, 30] as const;
type Period = (typeof PERIODS)[number];

/** Spec §9: charts are 300 px high. Every state keeps that height, so the panel does not jump. */
const CHART_HEIGHT = 300;

function ChartBody({ deviceId, days }: { deviceId: string; days: Period }) {
  const { t } = useTranslation();
  const readings = useBatteryReadings(deviceId, days);

  if (readings.isPending)
    return (
      <Skeleton
        variant="rounded"
        height={CHART_HEIGHT}
        role="progressbar"
        aria-label={t('cart.batteryChart.loading')}
      />
    );
  if (readings.isError)
    return (
      <Stack sx={{ height: CHART_HEIGHT, justifyContent: 'center' }}>
        <ErrorState error={readings.error} onRetry={() => void readings.refetch()} />
      </Stack>
    );
  if (readings.data.length === 0)
    return (
      <Stack
        sx={{
          height: CHART_HEIGHT,
          alignItems: 'center',
          justifyContent: 'center',
          gap: 1,
          textAlign: 'center',
        }}
      >
        <BatteryUnknownIcon sx={{ fontSize: 40, color: 'text.disabled' }} aria-hidden />
        <Typography>{t('cart.batteryChart.empty')}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('cart.batteryChart.emptyHint')}
        </Typography>
      </Stack>
    );
  return (
    <Box sx={{ height: CHART_HEIGHT }}>
      <BatteryLineChart readings={readings.data} days={days} />
    </Box>
  );
}

/** Battery voltage of one cart over the last 1, 7, 14 or 30 days. */
export function BatteryChart({ deviceId }: { deviceId: string }) {
  const { t } = useTranslation();
  const [days, setDays] = useState<Period>(1);

  return (
    <Stack sx={{ gap: 1 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="subtitle2" component="h3">
          {t('cart.batteryChart.title')}
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={days}
          onChange={(_event, value: Period | null) => value !== null && setDays(value)}
          aria-label={t('cart.batteryChart.range')}
        >
          {PERIODS.map((period) => (
            <ToggleButton key={period} value={period}>
              {t(`cart.batteryChart.days${period}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>
      <ChartBody deviceId={deviceId} days={days} />
    </Stack>
  );
}
