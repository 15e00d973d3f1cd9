import { createTheme } from '@mui/material/styles';

const PRIMARY = { main: '#2e6b3a', dark: '#1d4a27', light: '#5c9a66' };

/**
 * Keyboard focus (WCAG 2.2 AA, issue 15): a 3 px ring outside the control, dark green on light surfaces and
 * white inside `.fw-on-dark` areas (the app bar, the login page's corner) where green would not show.
 * Inputs keep MUI's own focused outline.
 */
const focusRing = { outline: `3px solid ${PRIMARY.dark}`, outlineOffset: 2 };
const FOCUSED = 'html :focus-visible:not(input):not(textarea), html .Mui-focusVisible';
const FOCUSED_ON_DARK =
  'html .fw-on-dark :focus-visible:not(input):not(textarea), html .fw-on-dark .Mui-focusVisible';

/**
 * Fairway's look: course green with a warm sand accent, the colours clubs already live in. Every colour
 * used for text reaches WCAG AA (4.5:1) on white and on the page background: MUI's own warning orange
 * (3.1:1) and info blue (3.9:1) do not, so both are darker here, and `contrastThreshold: 4.5` makes MUI
 * pick dark text on a filled colour where white would not reach AA.
 */
export const theme = createTheme({
  palette: {
    contrastThreshold: 4.5,
    primary: PRIMARY,
    // Gold; dark (5.6:1 on white) is the "Booked" text colour: the main gold is 2.4:1, for fills only.
    secondary: { main: '#c9a227', light: '#e6cf7a', dark: '#7d6514' },
    // 5.0:1 on white; dark (7.7:1) is the "Unlocked" text colour.
    warning: { main: '#b45309', dark: '#8a3c00', light: '#ed6c02' },
    info: { main: '#0369a1', dark: '#01579b', light: '#0288d1' },
    background: { default: '#f5f7f4' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        [FOCUSED]: focusRing,
        [FOCUSED_ON_DARK]: { outlineColor: '#fff' },
        // Leaflet's attribution links are told apart from the text by colour alone (axe link-in-text-block).
        // More specific than Leaflet's own `text-decoration: none`, whose stylesheet loads after the theme's.
        '.leaflet-container .leaflet-control-attribution a': { textDecoration: 'underline' },
      },
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { textTransform: 'none' } },
    },
    MuiTab: { styleOverrides: { root: { textTransform: 'none' } } },
    MuiFab: { styleOverrides: { root: { textTransform: 'none' } } },
    MuiToggleButton: { styleOverrides: { root: { textTransform: 'none' } } },
  },
});
