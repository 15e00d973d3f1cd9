import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

interface DashboardCardProps {
  title: string;
  /** the headline figure; null while the first answer loads (a skeleton of its size instead) */
  figure: ReactNode | null;
  /** a line under the figure */
  note?: string;
  /** the chart or the map, or their skeleton */
  children: ReactNode;
  /** the figures in view belong to the previous choice while the next answer loads */
  stale?: boolean;
  testId: string;
}

/**
 * One card of the platform dashboard: a section named by its heading, with its figure, a note and a chart
 * (or the map). Screen readers can jump from card to card by their headings.
 */
export function DashboardCard({ title, figure, note, children, stale = false, testId }: DashboardCardProps) {
  const titleId = useId();
  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      aria-busy={stale || undefined}
      data-testid={testId}
      sx={{ minWidth: 0, display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flex: 1, opacity: stale ? 0.6 : 1, transition: 'opacity 150ms' }}>
        <Stack spacing={0.5} sx={{ mb: 2 }}>
          <Typography id={titleId} component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
          {figure === null ? (
            <Skeleton width="50%" height={40} data-testid={`${testId}-loading`} />
          ) : (
            <Typography component="p" variant="h5" data-testid={`${testId}-figure`}>
              {figure}
            </Typography>
          )}
          {note !== undefined && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid={`${testId}-note`}>
              {note}
            </Typography>
          )}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}
