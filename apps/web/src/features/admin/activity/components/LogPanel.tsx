import Paper from '@mui/material/Paper';
import { createTheme, ThemeProvider, useTheme } from '@mui/material/styles';
import { useMemo, type ReactNode } from 'react';
import type { LogTheme } from '../use-log-theme';

const MONOSPACE = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';

/**
 * The log's panel: the app's own look, or a terminal-like dark one (spec §2 Admin → Activity: light/dark
 * switch). The dark look is a dark MUI theme for the panel alone, so chips and secondary text take colours
 * made for a dark ground and keep their contrast.
 */
export function LogPanel({ look, children }: { look: LogTheme; children: ReactNode }) {
  const outer = useTheme();
  const dark = useMemo(
    () =>
      createTheme({
        palette: {
          mode: 'dark',
          background: { paper: '#0d1117', default: '#0d1117' },
          text: { primary: '#e6edf3' },
        },
        typography: { fontFamily: MONOSPACE, fontSize: outer.typography.fontSize },
        shape: outer.shape,
      }),
    [outer],
  );
  const panel = (
    <Paper variant="outlined" data-testid="activity-panel" data-look={look} sx={{ overflow: 'hidden' }}>
      {children}
    </Paper>
  );
  return look === 'dark' ? <ThemeProvider theme={dark}>{panel}</ThemeProvider> : panel;
}
