import Box from '@mui/material/Box';
import type { CartView } from '@fairway/domain';
import Checkbox from '@mui/material/Checkbox';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import type { CartSelection } from '../use-cart-selection';
import type { FleetCartContext } from './fleet-cart-context';
import { FleetTableRow } from './FleetTableRow';
import { VISUALLY_HIDDEN } from '../../../lib/visually-hidden';

interface FleetTableProps {
  /** The carts of the current page. */
  carts: readonly CartView[];
  selection: CartSelection;
  context: FleetCartContext;
}

const COLUMNS = ['number', 'name', 'status', 'unlockCode', 'rideInfo', 'info', 'pendingUpdate'] as const;

/** The fleet as a table (spec §2 Fleet), with a select-all box over every cart the search found. */
export function FleetTable({ carts, selection, context }: FleetTableProps) {
  const { t } = useTranslation();
  return (
    <TableContainer>
      <Table size="small" aria-label={t('fleet.tableLabel')}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <Checkbox
                checked={selection.allSelected}
                indeterminate={selection.someSelected}
                onChange={selection.toggleAll}
                slotProps={{ input: { 'aria-label': t('fleet.selectAll') } }}
              />
            </TableCell>
            {COLUMNS.filter((column) => column !== 'unlockCode' || context.showCodes).map((column) => (
              <TableCell key={column} sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                {t(`fleet.columns.${column}`)}
              </TableCell>
            ))}
            <TableCell padding="checkbox">
              <Box component="span" sx={VISUALLY_HIDDEN}>
                {t('fleet.quickActions')}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {carts.map((cart) => (
            <FleetTableRow
              key={cart._id}
              cart={cart}
              selected={selection.isSelected(cart._id)}
              onToggleSelected={selection.toggle}
              context={context}
            />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
