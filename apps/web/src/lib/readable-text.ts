import { getContrastRatio } from '@mui/material/styles';

const WHITE = '#fff';
const DARK = 'rgba(0, 0, 0, 0.87)';

/**
 * The text colour for a label on a filled `background` (a cart's state colour): white where it reaches
 * WCAG AA (4.5:1), else near-black. The state colours themselves are the spec's and stay as they are.
 */
export const readableTextOn = (background: string): string =>
  getContrastRatio(WHITE, background) >= 4.5 ? WHITE : DARK;

export const isDarkText = (background: string): boolean => readableTextOn(background) === DARK;
