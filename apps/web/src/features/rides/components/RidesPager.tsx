import Pagination from '@mui/material/Pagination';
import { useTranslation } from 'react-i18next';

interface RidesPagerProps {
  /** 1-based, as the server counts */
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
}

/** Pages of 10 rides (spec §9), compact enough for the list's third of the screen. */
export function RidesPager({ page, pageCount, onPageChange }: RidesPagerProps) {
  const { t } = useTranslation();
  return (
    <Pagination
      count={pageCount}
      page={page}
      onChange={(_event, next) => onPageChange(next)}
      siblingCount={0}
      boundaryCount={1}
      color="primary"
      shape="rounded"
      aria-label={t('rides.pager.label')}
      sx={{ '& .MuiPagination-ul': { justifyContent: 'center' } }}
      getItemAriaLabel={(type, itemPage, selected) => {
        if (type === 'page')
          return t(selected ? 'rides.pager.currentPage' : 'rides.pager.page', { page: itemPage });
        if (type === 'first' || type === 'last' || type === 'next' || type === 'previous')
          return t(`rides.pager.${type}`);
        return '';
      }}
    />
  );
}
