import { Outlet } from 'react-router';

/** /charts: the reports' side drawer and date range around usage and revenue (issue #7; being written). */
export function ChartsLayout() {
  return <Outlet />;
}
