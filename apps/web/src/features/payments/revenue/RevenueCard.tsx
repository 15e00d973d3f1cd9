import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import type { ReactNode } from 'react';

interface RevenueCardProps {
  title: string;
  subtitle?: string;
  /** beside the title: a select, a refresh button */
  action?: ReactNode;
  children: ReactNode;
  /** content that brings its own padding (a table) */
  flush?: boolean;
}

/** One titled card of the Revenue page; the title is a heading, so screen readers can jump between cards. */
export function RevenueCard({ title, subtitle, action, children, flush = false }: RevenueCardProps) {
  return (
    <Card
      variant="outlined"
      component="section"
      aria-label={title}
      sx={{ minWidth: 0, display: 'flex', flexDirection: 'column' }}
    >
      <CardHeader
        title={title}
        subheader={subtitle}
        action={action}
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
        sx={{ '& .MuiCardHeader-action': { alignSelf: 'center', m: 0 } }}
      />
      {flush ? children : <CardContent sx={{ pt: 0, flex: 1 }}>{children}</CardContent>}
    </Card>
  );
}
