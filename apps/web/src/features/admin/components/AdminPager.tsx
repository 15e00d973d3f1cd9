import { ADMIN_PAGE_SIZES } from '@fairway/domain';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ALL_ROWS, parseAdminPageSize, type AdminPageSize } from './admin-paging';

interface AdminPagerProps {
  /** 'N users': the rows matching the search, on all pages */
  totalLabel: string;
  /** 1-based */
  page: number;
  pageCount: number;
  pageSize: AdminPageSize;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: AdminPageSize) => void;
  testId: string;
}

/** The count, rows per page (20, 50, 100, All; spec §9) and the pager below an admin table. */
export function AdminPager(props: AdminPagerProps) {
  const { t } = useTranslation();
  return (
    <Stack
      direction="row"
      spacing={2}
      useFlexGap
      sx={{ alignItems: 'center', flexWrap: 'wrap', justifyContent: 'space-between', p: 2 }}
    >
      <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid={`${props.testId}-total`}>
        {props.totalLabel}
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          label={t('adminUsers.pager.perPage')}
          value={props.pageSize}
          onChange={(event) => props.onPageSizeChange(parseAdminPageSize(event.target.value))}
          sx={{ width: 130 }}
          slotProps={{
            select: { SelectDisplayProps: { 'data-testid': `${props.testId}-page-size` } as object },
          }}
        >
          {ADMIN_PAGE_SIZES.map((size) => (
            <MenuItem key={size} value={size}>
              {size === ALL_ROWS ? t('adminUsers.pager.all') : size}
            </MenuItem>
          ))}
        </TextField>
        {props.pageCount > 1 && (
          <Pagination
            count={props.pageCount}
            page={props.page}
            onChange={(_event, page) => props.onPageChange(page)}
            siblingCount={1}
            boundaryCount={1}
            color="primary"
            shape="rounded"
            aria-label={t('adminUsers.pager.label')}
            getItemAriaLabel={(type, page, selected) => {
              if (type === 'page')
                return t(selected ? 'adminUsers.pager.currentPage' : 'adminUsers.pager.page', { page });
              if (type === 'first' || type === 'last' || type === 'next' || type === 'previous')
                return t(`adminUsers.pager.${type}`);
              return '';
            }}
          />
        )}
      </Stack>
    </Stack>
  );
}
