/**
 * Line colours of spec §2 Map: trails blue, the selected cart's path (and ring) in the highlight purple.
 * The blue is darker than the idle marker blue, so a trail never reads as a row of idle carts.
 */
export const TRAIL_COLOUR = '#1565c0';
export const HIGHLIGHT_COLOUR = '#7b1fa2';
