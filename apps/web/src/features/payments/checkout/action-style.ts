import type { SxProps, Theme } from '@mui/material/styles';

/**
 * Every button of the sandbox's phone-first pages: at least 44px tall (WCAG 2.2 target size, and a thumb's)
 * and a clear keyboard focus ring, where MUI's own focus ripple is faint.
 */
export const ACTION_SX = {
  minHeight: 44,
  '&.Mui-focusVisible': { outline: '3px solid', outlineColor: 'primary.dark', outlineOffset: 2 },
} satisfies SxProps<Theme>;
