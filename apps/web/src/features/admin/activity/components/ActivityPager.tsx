import { TablePager } from '../../../../components/TablePager';

/** The log pages by 20, 50 or 100 entries (spec §9 admin lists); never all: a log holds thousands. */
export const ACTIVITY_PAGE_SIZES = [20, 50, 100] as const;

interface ActivityPagerProps {
  total: number;
  /** 1-based */
  page: number;
  limit: number;
  onPageChange: (page: number) => void;
  onLimitChange: (limit: number) => void;
}

export function ActivityPager({ total, page, limit, onPageChange, onLimitChange }: ActivityPagerProps) {
  return (
    <TablePager
      total={total}
      page={Math.max(0, page - 1)}
      pageSize={limit}
      sizes={ACTIVITY_PAGE_SIZES}
      onPageChange={(next) => onPageChange(next + 1)}
      onPageSizeChange={(value) => onLimitChange(Number(value))}
      texts="adminActivity.pager"
      testId="activity-pager"
    />
  );
}
