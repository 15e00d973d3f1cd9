import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface CartFactProps {
  label: string;
  /** Takes the whole row, for values longer than half the sheet. */
  wide?: boolean;
  children: ReactNode;
}

/** One labelled value of the bottom sheet; rendered inside a <dl> grid. */
export function CartFact({ label, wide = false, children }: CartFactProps) {
  return (
    <Box sx={{ minWidth: 0, gridColumn: wide ? '1 / -1' : undefined }}>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 500 }} noWrap>
        {children}
      </Typography>
    </Box>
  );
}
