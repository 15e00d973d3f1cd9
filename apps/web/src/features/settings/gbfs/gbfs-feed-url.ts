import { API_BASE } from '../../../lib/api-client';

/**
 * The address of a club's GBFS discovery file. The web app is served by the server it talks to, so this
 * page's origin is the feed's too (the server lists its other files with the same origin, or PUBLIC_URL).
 */
export const gbfsFeedUrl = (siteId: string): string =>
  `${window.location.origin}${API_BASE}/gbfs/${siteId}/gbfs.json`;
