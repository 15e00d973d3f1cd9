import { MEMBER_PAGE_SIZES } from '@fairway/domain';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PAGER_RANGE, parseMemberPageSize, type MemberPageSize } from '../lib/members-paging';

interface MembersPagerProps {
  /** members matching the search, on all pages */
  total: number;
  /** 1-based */
  page: number;
  pageCount: number;
  pageSize: MemberPageSize;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: MemberPageSize) => void;
}

/** Total, rows per page (20, 30, 50, 100) and a pager of at most 7 items (spec §2, §9). */
export function MembersPager(props: MembersPagerProps) {
  const { t, i18n } = useTranslation();
  const numbers = new Intl.NumberFormat(i18n.resolvedLanguage);
  return (
    <Stack
      direction="row"
      spacing={2}
      useFlexGap
      sx={{ alignItems: 'center', flexWrap: 'wrap', justifyContent: 'space-between', p: 2 }}
    >
      <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="members-total">
        {t('members.pager.total', { total: numbers.format(props.total) })}
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          label={t('members.pager.perPage')}
          value={props.pageSize}
          onChange={(event) => props.onPageSizeChange(parseMemberPageSize(event.target.value))}
          sx={{ width: 130 }}
        >
          {MEMBER_PAGE_SIZES.map((size) => (
            <MenuItem key={size} value={size}>
              {size}
            </MenuItem>
          ))}
        </TextField>
        <Pagination
          count={props.pageCount}
          page={props.page}
          onChange={(_event, page) => props.onPageChange(page)}
          {...PAGER_RANGE}
          color="primary"
          shape="rounded"
          aria-label={t('members.pager.label')}
          getItemAriaLabel={(type, page, selected) => {
            if (type === 'page')
              return t(selected ? 'members.pager.currentPage' : 'members.pager.page', { page });
            if (type === 'first' || type === 'last' || type === 'next' || type === 'previous')
              return t(`members.pager.${type}`);
            return '';
          }}
        />
      </Stack>
    </Stack>
  );
}
