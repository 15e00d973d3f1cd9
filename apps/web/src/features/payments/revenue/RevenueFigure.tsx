import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

/** A description list of figures, side by side as room allows. */
export function RevenueFigures({ children, minWidth = 140 }: { children: ReactNode; minWidth?: number }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: `repeat(auto-fill, minmax(${minWidth}px, 1fr))`,
        gap: 2,
        m: 0,
      }}
    >
      {children}
    </Box>
  );
}

interface RevenueFigureProps {
  label: string;
  children: ReactNode;
  /** the card's headline figure, written larger and across the whole card */
  prominent?: boolean;
}

/**
 * One labelled figure (total, available, sent …) in a `RevenueFigures` list; the value is named by its label,
 * so a screen reader (and a test) finds "Total" and reads its amount.
 */
export function RevenueFigure({ label, children, prominent = false }: RevenueFigureProps) {
  const labelId = useId();
  return (
    <Box sx={{ minWidth: 0, gridColumn: prominent ? '1 / -1' : undefined }}>
      <Typography id={labelId} component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography
        component="dd"
        aria-labelledby={labelId}
        variant={prominent ? 'h4' : 'subtitle1'}
        sx={{ m: 0, fontWeight: prominent ? 500 : 600, overflowWrap: 'anywhere' }}
      >
        {children}
      </Typography>
    </Box>
  );
}
