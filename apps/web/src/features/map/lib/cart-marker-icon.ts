import { divIcon, type DivIcon, type Icon } from 'leaflet';
import { isDarkText, readableTextOn } from '../../../lib/readable-text';
import { escapeHtml } from './escape-html';
import { HIGHLIGHT_COLOUR } from '../../../components/map/map-colours';

const ICON_SIZE = 34;
const ALERTED_CLASS = 'fw-cart-marker--alerted';
const OVERDUE_CLASS = 'fw-cart-marker--overdue';

export interface CartMarkerLook {
  label: string;
  colour: string;
  /** Ringed in the highlight purple, like its path. */
  selected: boolean;
  /** Inside a restriction zone: a pulsing red ring the operator cannot miss. */
  alerted: boolean;
  /** Booked now or in a maintenance block now (issue 17): a corner badge on the pin. */
  badge?: 'booked' | 'maintenance' | null;
  /** Its ride ran past its service and the site's grace (issue 23): a ring around the pin. */
  overdue?: boolean;
}

/** A round pin in the cart's state colour with its car number. */
export function cartMarkerIcon({
  label,
  colour,
  selected,
  alerted,
  badge,
  overdue,
}: CartMarkerLook): DivIcon {
  const ring = selected ? `;outline:3px solid ${HIGHLIGHT_COLOUR};outline-offset:1px` : '';
  // The number in white or near-black, whichever reads on the state colour (WCAG AA); dark text needs no shadow.
  const text = `;color:${readableTextOn(colour)}${isDarkText(colour) ? ';text-shadow:none' : ''}`;
  return divIcon({
    className: ['fw-map-marker fw-cart-marker', alerted && ALERTED_CLASS, overdue && OVERDUE_CLASS]
      .filter(Boolean)
      .join(' '),
    html:
      `<span class="fw-map-pin fw-cart-marker__pin" style="background:${colour}${text}${ring}">${escapeHtml(label)}</span>` +
      (badge
        ? `<span class="fw-cart-marker__badge fw-cart-marker__badge--${badge}" aria-hidden="true"></span>`
        : ''),
    iconSize: [ICON_SIZE, ICON_SIZE],
    iconAnchor: [ICON_SIZE / 2, ICON_SIZE / 2],
  });
}

const hasClass = (icon: Icon | DivIcon | undefined, name: string): boolean =>
  icon?.options.className?.split(' ').includes(name) ?? false;

/** Whether a marker shows the zone alert: a cluster holding it must show it too. */
export const isAlertedCartIcon = (icon: Icon | DivIcon | undefined): boolean => hasClass(icon, ALERTED_CLASS);

/** Whether a marker shows the overdue ring: a cluster holding it shows the ring too. */
export const isOverdueCartIcon = (icon: Icon | DivIcon | undefined): boolean => hasClass(icon, OVERDUE_CLASS);
