import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import type { ReactNode } from 'react';

interface UsageCardProps {
  title: string;
  subtitle?: string;
  /** beside the title: a toggle */
  action?: ReactNode;
  children: ReactNode;
  /** the chart in view belongs to the previous choice while the next answer loads */
  stale?: boolean;
}

/** One titled chart card of the Usage page; the title is a heading, so screen readers can jump between charts. */
export function UsageCard({ title, subtitle, action, children, stale = false }: UsageCardProps) {
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
        sx={{
          flexWrap: 'wrap',
          gap: 1,
          '& .MuiCardHeader-action': { alignSelf: 'center', m: 0 },
        }}
      />
      <CardContent sx={{ pt: 0, flex: 1, opacity: stale ? 0.6 : 1, transition: 'opacity 150ms' }}>
        {children}
      </CardContent>
    </Card>
  );
}
