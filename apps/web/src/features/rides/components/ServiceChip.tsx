import SellOutlinedIcon from '@mui/icons-material/SellOutlined';
import type { RideView } from '@fairway/domain';
import Chip from '@mui/material/Chip';

/** The service the ride was taken under (spec §2 Rides: service chip). */
export function ServiceChip({ service }: { service: NonNullable<RideView['service']> }) {
  return (
    <Chip
      size="small"
      color="primary"
      variant="outlined"
      icon={<SellOutlinedIcon />}
      label={service.name}
      data-testid="ride-service"
    />
  );
}
