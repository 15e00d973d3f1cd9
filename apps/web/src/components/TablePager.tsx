import TablePagination from '@mui/material/TablePagination';
import { useTranslation } from 'react-i18next';

/** A page-size choice: a number of rows, or a labelled one (All). */
export type PageSizeOption = number | { label: string; value: number };

interface TablePagerProps {
  /** rows on all pages */
  total: number;
  /** 0-based, as MUI counts */
  page: number;
  pageSize: number;
  sizes: readonly PageSizeOption[];
  onPageChange: (page: number) => void;
  onPageSizeChange: (value: string) => void;
  /**
   * Where the texts are: `<texts>.perPage`, `<texts>.range` ({{from}}–{{to}} of {{total}}) and the buttons'
   * `<texts>.first|previous|next|last`.
   */
  texts: 'fleet.paging' | 'revenue.history.paging' | 'adminActivity.pager' | 'adminWebhooks.deliveries.pager';
  testId?: string;
}

/** Rows per page and the page buttons under a table, with localised numbers. */
export function TablePager({ total, page, pageSize, sizes, texts, testId, ...on }: TablePagerProps) {
  const { t, i18n } = useTranslation();
  const numbers = new Intl.NumberFormat(i18n.resolvedLanguage);
  // The keys are built from `texts` (a typed union), which i18next's key types cannot follow.
  const translate = t as unknown as (key: string, values?: Record<string, string>) => string;
  const text = (key: string, values?: Record<string, string>) => translate(`${texts}.${key}`, values);
  return (
    <TablePagination
      component="div"
      count={total}
      page={page}
      rowsPerPage={pageSize}
      rowsPerPageOptions={[...sizes]}
      onPageChange={(_event, next) => on.onPageChange(next)}
      onRowsPerPageChange={(event) => on.onPageSizeChange(event.target.value)}
      labelRowsPerPage={text('perPage')}
      labelDisplayedRows={({ from, to, count }) =>
        text('range', { from: numbers.format(from), to: numbers.format(to), total: numbers.format(count) })
      }
      getItemAriaLabel={(type) => text(type)}
      showFirstButton
      showLastButton
      data-testid={testId}
    />
  );
}
