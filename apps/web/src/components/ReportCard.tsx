import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import type { ReactNode } from 'react';

interface ReportCardProps {
  title: string;
  subtitle?: string;
  /** beside the title: a toggle, a select, a refresh button */
  action?: ReactNode;
  children: ReactNode;
  /** content that brings its own padding (a table) */
  flush?: boolean;
  /** what is in view belongs to the previous choice while the next answer loads */
  stale?: boolean;
}

/**
 * One titled card of a report page (Revenue, Usage). The card is a section named by its title, and the title
 * is a heading, so screen readers can jump between cards.
 */
export function ReportCard({
  title,
  subtitle,
  action,
  children,
  flush = false,
  stale = false,
}: ReportCardProps) {
  return (
    <Card
      variant="outlined"
      component="section"
      aria-label={title}
      aria-busy={stale || undefined}
      sx={{ minWidth: 0, display: 'flex', flexDirection: 'column' }}
    >
      <CardHeader
        title={title}
        subheader={subtitle}
        action={action}
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
        sx={{ flexWrap: 'wrap', gap: 1, '& .MuiCardHeader-action': { alignSelf: 'center', m: 0 } }}
      />
      {flush ? (
        children
      ) : (
        <CardContent sx={{ pt: 0, flex: 1, opacity: stale ? 0.6 : 1, transition: 'opacity 150ms' }}>
          {children}
        </CardContent>
      )}
    </Card>
  );
}
