import { useTranslation } from 'react-i18next';
import { TablePager } from '../../../components/TablePager';
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
  const { t } = useTranslation();
  return (
    <TablePager
      total={total}
      page={page}
      pageSize={pageSize}
      sizes={FLEET_PAGE_SIZES.map((size) =>
        size === ALL_ROWS ? { label: t('fleet.paging.all'), value: ALL_ROWS } : size,
      )}
      onPageChange={onPageChange}
      onPageSizeChange={(value) => onPageSizeChange(parsePageSize(value))}
      texts="fleet.paging"
    />
  );
}
