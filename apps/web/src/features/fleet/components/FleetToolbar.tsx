import type { CartView, Role } from '@fairway/domain';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FleetView } from '../use-fleet-preferences';
import { FleetActionsMenu } from './FleetActionsMenu';
import { FleetSearchField } from './FleetSearchField';
import { FleetViewToggle } from './FleetViewToggle';

interface FleetToolbarProps {
  query: string;
  onQueryChange: (query: string) => void;
  view: FleetView;
  onViewChange: (view: FleetView) => void;
  found: number;
  total: number;
  selected: readonly CartView[];
  role: Role | null;
  /** Filters beside the search (the "Overdue" toggle, issue 23). */
  filters?: ReactNode;
}

/** Search, how many carts show and are ticked, table/grid, and the bulk actions. */
export function FleetToolbar(props: FleetToolbarProps) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', p: 2 }}>
      <FleetSearchField value={props.query} onChange={props.onQueryChange} />
      {props.filters}
      <Typography variant="body2" sx={{ color: 'text.secondary', flex: 1 }} aria-live="polite">
        {props.found === props.total
          ? t('fleet.counts.total', { total: props.total })
          : t('fleet.counts.found', { found: props.found, total: props.total })}
        {props.selected.length > 0 && ` · ${t('fleet.counts.selected', { selected: props.selected.length })}`}
      </Typography>
      <FleetViewToggle value={props.view} onChange={props.onViewChange} />
      <FleetActionsMenu selected={props.selected} role={props.role} />
    </Stack>
  );
}
