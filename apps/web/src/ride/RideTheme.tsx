import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { rideTheme } from './theme';

/**
 * MUI's ride theme around a later page or dialog (ui/lazy-with-theme.tsx). No CssBaseline: ride.css is the
 * guest pages' one baseline, loaded with the entry.
 */
export function RideThemeProvider({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={rideTheme}>{children}</ThemeProvider>;
}
