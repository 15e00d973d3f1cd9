import GridViewIcon from '@mui/icons-material/GridView';
import TableRowsIcon from '@mui/icons-material/TableRows';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import type { FleetView } from '../use-fleet-preferences';

export function FleetViewToggle({
  value,
  onChange,
}: {
  value: FleetView;
  onChange: (view: FleetView) => void;
}) {
  const { t } = useTranslation();
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={value}
      onChange={(_event, next: FleetView | null) => {
        if (next) onChange(next);
      }}
      aria-label={t('fleet.view.label')}
    >
      <Tooltip title={t('fleet.view.table')}>
        <ToggleButton value="table" aria-label={t('fleet.view.table')}>
          <TableRowsIcon fontSize="small" />
        </ToggleButton>
      </Tooltip>
      <Tooltip title={t('fleet.view.grid')}>
        <ToggleButton value="grid" aria-label={t('fleet.view.grid')}>
          <GridViewIcon fontSize="small" />
        </ToggleButton>
      </Tooltip>
    </ToggleButtonGroup>
  );
}
