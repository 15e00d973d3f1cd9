import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

/**
 * The reports' data cards (Usage, Revenue) side by side: one column on a phone, `columns` from the small
 * breakpoint; faded while the figures in view still belong to the previous period.
 */
export function FigureCards({
  columns,
  stale,
  children,
}: {
  columns: number;
  stale: boolean;
  children: ReactNode;
}) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: `repeat(${columns}, minmax(0, 1fr))` },
        opacity: stale ? 0.6 : 1,
        transition: 'opacity 150ms',
      }}
    >
      {children}
    </Box>
  );
}

/**
 * One data card, a region named by its caption: the figure (a skeleton while `children` is null, i.e.
 * loading) and a line in small print.
 */
export function FigureCard({ label, note, children }: { label: string; note: string; children: ReactNode }) {
  const labelId = useId();
  return (
    <Card variant="outlined" component="section" aria-labelledby={labelId}>
      <CardContent>
        <Stack spacing={0.5}>
          <Typography id={labelId} component="h2" variant="body2" sx={{ color: 'text.secondary' }}>
            {label}
          </Typography>
          {children === null ? (
            <Skeleton width="60%" height={40} data-testid="figure-loading" />
          ) : (
            <Typography component="p" variant="h5" data-testid="figure-value">
              {children}
            </Typography>
          )}
          <Typography variant="caption" sx={{ color: 'text.secondary' }} data-testid="figure-note">
            {note}
          </Typography>
        </Stack>
      </CardContent>
    </Card>
  );
}
