import TablePagination from '@mui/material/TablePagination';
import { useTranslation } from 'react-i18next';
import { ALL_ROWS, FLEET_PAGE_SIZES, parsePageSize, type FleetPageSize } from '../fleet-paging';

interface FleetPaginationProps {
  total: number;
  page: number;
  pageSize: FleetPageSize;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: FleetPageSize) => void;
}

/** Pages of 20, 50, 100 or All, for the table and the grid alike. */
export function FleetPagination({
  total,
  page,
  pageSize,
  onPageChange,
  onPageSizeChange,
}: FleetPaginationProps) {
  const { t, i18n } = useTranslation();
  const numbers = new Intl.NumberFormat(i18n.resolvedLanguage);
  return (
    <TablePagination
      component="div"
      count={total}
      page={page}
      rowsPerPage={pageSize}
      rowsPerPageOptions={FLEET_PAGE_SIZES.map((size) =>
        size === ALL_ROWS ? { label: t('fleet.paging.all'), value: ALL_ROWS } : size,
      )}
      onPageChange={(_event, next) => onPageChange(next)}
      onRowsPerPageChange={(event) => onPageSizeChange(parsePageSize(event.target.value))}
      labelRowsPerPage={t('fleet.paging.perPage')}
      labelDisplayedRows={({ from, to, count }) =>
        t('fleet.paging.range', {
          from: numbers.format(from),
          to: numbers.format(to),
          total: numbers.format(count),
        })
      }
      getItemAriaLabel={(type) => t(`fleet.paging.${type}`)}
      showFirstButton
      showLastButton
    />
  );
}
