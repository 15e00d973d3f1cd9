import type { CartView } from '@fairway/domain';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import { useTranslation } from 'react-i18next';
import type { CartSelection } from '../use-cart-selection';
import type { FleetCartContext } from './fleet-cart-context';
import { FleetGridCard } from './FleetGridCard';

interface FleetGridProps {
  /** The carts of the current page. */
  carts: readonly CartView[];
  selection: CartSelection;
  context: FleetCartContext;
}

/** The fleet as cards, for tablets at the clubhouse and for a quick look over the whole fleet. */
export function FleetGrid({ carts, selection, context }: FleetGridProps) {
  const { t } = useTranslation();
  return (
    <Grid container spacing={2} sx={{ p: 2 }}>
      <Grid size={12}>
        <FormControlLabel
          label={t('fleet.selectAll')}
          control={
            <Checkbox
              checked={selection.allSelected}
              indeterminate={selection.someSelected}
              onChange={selection.toggleAll}
            />
          }
        />
      </Grid>
      {carts.map((cart) => (
        <Grid key={cart._id} size={{ xs: 12, sm: 6, md: 4, lg: 3 }}>
          <FleetGridCard
            cart={cart}
            selected={selection.isSelected(cart._id)}
            onToggleSelected={selection.toggle}
            context={context}
          />
        </Grid>
      ))}
    </Grid>
  );
}
