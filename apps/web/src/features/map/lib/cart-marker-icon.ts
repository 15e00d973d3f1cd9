import { divIcon, type DivIcon } from 'leaflet';

const ICON_SIZE = 34;

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A round pin in the cart's state colour with its car number, ringed when selected. */
export function cartMarkerIcon(label: string, colour: string, selected: boolean): DivIcon {
  return divIcon({
    className: selected ? 'fw-cart-marker fw-cart-marker--selected' : 'fw-cart-marker',
    html: `<span class="fw-cart-marker__pin" style="background:${colour}">${escapeHtml(label)}</span>`,
    iconSize: [ICON_SIZE, ICON_SIZE],
    iconAnchor: [ICON_SIZE / 2, ICON_SIZE / 2],
  });
}
