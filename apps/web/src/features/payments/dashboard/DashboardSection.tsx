import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface DashboardSectionProps {
  /** Ties the heading to the section, and to a table inside it. */
  id: string;
  title: string;
  /** Said instead of the content when there is nothing to show. */
  emptyText: string;
  isEmpty: boolean;
  children: ReactNode;
}

/** A titled part of the dashboard (balance, payouts, charges) with its own designed empty state. */
export function DashboardSection({ id, title, emptyText, isEmpty, children }: DashboardSectionProps) {
  return (
    <Stack component="section" spacing={1} aria-labelledby={id}>
      <Typography id={id} component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {isEmpty ? (
        <Typography
          variant="body2"
          sx={{ color: 'text.secondary', py: 2, px: 1.5, borderRadius: 1, bgcolor: 'action.hover' }}
        >
          {emptyText}
        </Typography>
      ) : (
        children
      )}
    </Stack>
  );
}
