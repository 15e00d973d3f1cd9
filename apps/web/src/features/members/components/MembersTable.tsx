import type { MemberView } from '@fairway/domain';
import Checkbox from '@mui/material/Checkbox';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { useTranslation } from 'react-i18next';
import { SORTABLE_COLUMNS } from '../lib/member-columns';
import type { MemberSelection } from '../use-member-selection';
import type { MemberSort, MemberSortField } from '../use-members-list';
import type { MemberRowContext } from './member-row-context';
import { MembersTableRow } from './MembersTableRow';
import { MembersTableSkeleton } from './MembersTableSkeleton';

interface MembersTableProps {
  /** The members of the current page; null while the first page loads. */
  members: readonly MemberView[] | null;
  selection: MemberSelection;
  sort: MemberSort;
  onSort: (field: MemberSortField) => void;
  context: MemberRowContext;
}

/**
 * The members as a table: the header box ticks the page, sortable columns ask the server for another
 * order. It scrolls sideways inside its container on narrow screens rather than squeezing the columns.
 */
export function MembersTable({ members, selection, sort, onSort, context }: MembersTableProps) {
  const { t } = useTranslation();
  return (
    <TableContainer>
      <Table size="small" aria-label={t('members.table.label')} sx={{ minWidth: 760 }}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <Checkbox
                checked={selection.pageSelected}
                indeterminate={selection.pagePartlySelected}
                disabled={!members || members.length === 0}
                onChange={selection.togglePage}
                slotProps={{ input: { 'aria-label': t('members.table.selectPage') } }}
              />
            </TableCell>
            {context.columns.map((column) => {
              const field = SORTABLE_COLUMNS[column];
              const label = t(`members.columns.${column}`);
              const active = field !== undefined && sort.field === field;
              return (
                <TableCell
                  key={column}
                  align={column === 'actions' ? 'right' : 'left'}
                  sortDirection={active ? sort.direction : false}
                  sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}
                >
                  {field === undefined ? (
                    label
                  ) : (
                    <TableSortLabel
                      active={active}
                      direction={active ? sort.direction : 'asc'}
                      onClick={() => onSort(field)}
                      data-testid={`members-sort-${column}`}
                    >
                      {label}
                    </TableSortLabel>
                  )}
                </TableCell>
              );
            })}
          </TableRow>
        </TableHead>
        <TableBody>
          {members === null ? (
            <MembersTableSkeleton columns={context.columns} />
          ) : (
            members.map((member) => (
              <MembersTableRow
                key={member._id}
                member={member}
                selected={selection.isSelected(member._id)}
                onToggleSelected={selection.toggle}
                context={context}
              />
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
