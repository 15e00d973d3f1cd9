import { createTheme } from '@mui/material/styles';
import { theme as fairwayTheme } from '../app/theme';

/**
 * The operator app's look (colours, shape, type: app/theme.ts pulls only MUI's styles) made for a phone on
 * the course (WCAG 2.2 AA): 44 px touch targets, underlined links. The later pages draw with it
 * (RideTheme.tsx); the baseline, the keyboard focus ring and the `ride-pulse` animation are in ride.css,
 * which also styles the first screens with these values (no CssBaseline: issue 22 item 6).
 */
export const rideTheme = createTheme(fairwayTheme, {
  components: {
    MuiButton: { styleOverrides: { root: { minHeight: 44 } } },
    MuiIconButton: { styleOverrides: { root: { padding: 10 } } },
    MuiCheckbox: { styleOverrides: { root: { padding: 10 } } },
    MuiToggleButton: { styleOverrides: { root: { minHeight: 44 } } },
    MuiMenuItem: { styleOverrides: { root: { minHeight: 44 } } },
    MuiLink: { defaultProps: { underline: 'always' } },
  },
});
