import Alert from '@mui/material/Alert';
import type { ReactNode } from 'react';

/** A calm line over the map (no trail yet, tiles unavailable), legible on any tile. */
export function MapNotice({ testId, children }: { testId?: string; children: ReactNode }) {
  return (
    <Alert
      severity="info"
      variant="outlined"
      sx={{ bgcolor: 'background.paper', py: 0 }}
      data-testid={testId}
    >
      {children}
    </Alert>
  );
}
