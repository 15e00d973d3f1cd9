import { createTheme } from '@mui/material/styles';
import { theme as fairwayTheme } from '../app/theme';

/**
 * The operator app's look (colours, shape, type: app/theme.ts pulls only MUI's styles) made for a phone on
 * the course (WCAG 2.2 AA): 44 px touch targets, a visible keyboard focus ring, underlined links.
 */
const focusRing = { outline: `3px solid ${fairwayTheme.palette.primary.dark}`, outlineOffset: 2 };

export const rideTheme = createTheme(fairwayTheme, {
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        'html :focus-visible:not(input):not(textarea), html .Mui-focusVisible': focusRing,
        body: { overflowWrap: 'break-word' },
        '@keyframes ride-pulse': {
          '0%': { transform: 'scale(0.85)', opacity: 0.9 },
          '100%': { transform: 'scale(1.6)', opacity: 0 },
        },
      },
    },
    MuiButton: { styleOverrides: { root: { minHeight: 44 } } },
    MuiIconButton: { styleOverrides: { root: { padding: 10 } } },
    MuiCheckbox: { styleOverrides: { root: { padding: 10 } } },
    MuiToggleButton: { styleOverrides: { root: { minHeight: 44 } } },
    MuiMenuItem: { styleOverrides: { root: { minHeight: 44 } } },
    MuiLink: { defaultProps: { underline: 'always' } },
  },
});
