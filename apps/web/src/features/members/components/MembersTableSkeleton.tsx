import Skeleton from '@mui/material/Skeleton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { MemberColumn } from '../lib/member-columns';

const PLACEHOLDER_ROWS = 8;

/** Rows in the shape of the table while the first page loads. */
export function MembersTableSkeleton({ columns }: { columns: readonly MemberColumn[] }) {
  return Array.from({ length: PLACEHOLDER_ROWS }, (_, row) => (
    <TableRow key={row} data-testid="member-skeleton-row">
      <TableCell padding="checkbox">
        <Skeleton variant="rounded" width={20} height={20} sx={{ mx: 'auto' }} />
      </TableCell>
      {columns.map((column) => (
        <TableCell key={column}>
          {column === 'name' ? (
            <>
              <Skeleton width="70%" />
              <Skeleton width="90%" height={14} />
            </>
          ) : column === 'keyCode' ? (
            <Skeleton variant="rounded" width={88} height={24} />
          ) : (
            <Skeleton width="60%" />
          )}
        </TableCell>
      ))}
    </TableRow>
  ));
}
