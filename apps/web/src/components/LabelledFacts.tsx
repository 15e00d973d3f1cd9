import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

/** A description list of labelled facts, side by side as room allows. */
export function LabelledFacts({
  children,
  minWidth,
  rowGap = 2,
}: {
  children: ReactNode;
  minWidth: number;
  rowGap?: number;
}) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: `repeat(auto-fill, minmax(${minWidth}px, 1fr))`,
        columnGap: 2,
        rowGap,
        m: 0,
      }}
    >
      {children}
    </Box>
  );
}

/** How a fact's value is written: a detail, a figure, or a card's headline figure. */
export type FactSize = 'detail' | 'figure' | 'headline';

const LOOK: Record<
  FactSize,
  { label: 'caption' | 'body2'; value: 'body2' | 'subtitle1' | 'h4'; weight: number }
> = {
  detail: { label: 'caption', value: 'body2', weight: 500 },
  figure: { label: 'body2', value: 'subtitle1', weight: 600 },
  headline: { label: 'body2', value: 'h4', weight: 500 },
};

interface LabelledFactProps {
  label: string;
  size: FactSize;
  /** takes the whole row, for a headline or a value longer than a column */
  wide?: boolean;
  children: ReactNode;
}

/**
 * One labelled fact in a `LabelledFacts` list; the value is named by its label, so a screen reader (and a
 * test) finds "Duration" or "Total" and reads its value.
 */
export function LabelledFact({ label, size, wide = false, children }: LabelledFactProps) {
  const labelId = useId();
  const look = LOOK[size];
  return (
    <Box sx={{ minWidth: 0, gridColumn: wide ? '1 / -1' : undefined }}>
      <Typography id={labelId} component="dt" variant={look.label} sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography
        component="dd"
        aria-labelledby={labelId}
        variant={look.value}
        sx={{ m: 0, fontWeight: look.weight, overflowWrap: 'anywhere' }}
      >
        {children}
      </Typography>
    </Box>
  );
}
