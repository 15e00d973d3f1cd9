import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

/** A description list of a ride's facts, side by side as the pane's width allows. */
export function RideFacts({ children, minWidth = 150 }: { children: ReactNode; minWidth?: number }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: `repeat(auto-fill, minmax(${minWidth}px, 1fr))`,
        columnGap: 2,
        rowGap: 1.5,
        m: 0,
      }}
    >
      {children}
    </Box>
  );
}

interface RideFactProps {
  label: string;
  /** Takes the whole row, for values longer than a column. */
  wide?: boolean;
  children: ReactNode;
}

/**
 * One labelled fact (start, duration, driver …); the value is named by its label, so a screen reader (and a
 * test) finds "Duration" and reads it.
 */
export function RideFact({ label, wide = false, children }: RideFactProps) {
  const labelId = useId();
  return (
    <Box sx={{ minWidth: 0, gridColumn: wide ? '1 / -1' : undefined }}>
      <Typography id={labelId} component="dt" variant="caption" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography
        component="dd"
        aria-labelledby={labelId}
        variant="body2"
        sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}
      >
        {children}
      </Typography>
    </Box>
  );
}
