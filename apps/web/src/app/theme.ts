import { createTheme } from '@mui/material/styles';

/** Fairway's look: course green with a warm sand accent, the colours clubs already live in. */
export const theme = createTheme({
  palette: {
    primary: { main: '#2e6b3a', dark: '#1d4a27', light: '#5c9a66' },
    secondary: { main: '#c9a227', light: '#e6cf7a' },
    background: { default: '#f5f7f4' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  },
  components: {
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { textTransform: 'none' } },
    },
    MuiTab: { styleOverrides: { root: { textTransform: 'none' } } },
    MuiFab: { styleOverrides: { root: { textTransform: 'none' } } },
    MuiToggleButton: { styleOverrides: { root: { textTransform: 'none' } } },
  },
});
