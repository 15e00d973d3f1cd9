import type { SimConnectivity } from '@fairway/domain';
import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

/** Spec §4: the network's view of the SIM, colour-coded: ONLINE green, ATTACHED blue, OFFLINE grey, BLOCKED red. */
const COLOUR: Record<SimConnectivity, ChipProps['color']> = {
  ONLINE: 'success',
  ATTACHED: 'info',
  OFFLINE: 'default',
  BLOCKED: 'error',
};

export function ConnectivityChip({ connectivity }: { connectivity: SimConnectivity | null }) {
  const { t } = useTranslation();
  if (!connectivity) {
    return (
      <Chip
        size="small"
        variant="outlined"
        label={t('adminFirmware.sim.unknown')}
        data-testid="sim-connectivity"
      />
    );
  }
  return (
    <Chip
      size="small"
      color={COLOUR[connectivity]}
      label={t(`adminFirmware.sim.connectivity.${connectivity}`)}
      data-testid="sim-connectivity"
      data-connectivity={connectivity}
    />
  );
}
