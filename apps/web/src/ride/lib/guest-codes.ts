/**
 * The codes a guest typed on the portal (spec §3 Local storage, §2 'remember code'): the secret every later
 * call of that page carries. A virtual key's code is kept for this tab (sessionStorage), or on the phone
 * (localStorage) when the guest ticked 'remember code'; a master code and a booking's code only for this
 * tab. Closing the key page forgets the key. Every read and write tolerates a browser that refuses storage.
 */
const PREFIX = 'fairway.guest.';
export type KeyKind = 'key' | 'master';
const keyEntry = (kind: KeyKind, siteId: string, keyId: string) => `${PREFIX}${kind}.${siteId}.${keyId}`;
const bookingEntry = (bookingId: string) => `${PREFIX}booking.${bookingId}`;

const stores = (): Storage[] => {
  try {
    return [window.sessionStorage, window.localStorage];
  } catch {
    return [];
  }
};

function read(entry: string): string | null {
  for (const store of stores()) {
    try {
      const value = store.getItem(entry);
      if (value && /^\d{6}$/.test(value)) return value;
    } catch {
      // refused: try the next store
    }
  }
  return null;
}

function write(entry: string, code: string | null, persist = false): void {
  for (const store of stores()) {
    try {
      const keep = code !== null && (store === window.sessionStorage || persist);
      if (keep) store.setItem(entry, code);
      else store.removeItem(entry);
    } catch {
      // Storage refused: the code lives for this page only (the guest types it again after a reload).
    }
  }
}

/**
 * A virtual ('key') or master key's code, as typed on the portal; `remember` keeps a virtual key's code after
 * the tab closes (a master code never outlives the tab).
 */
export const rememberKeyCode = (
  kind: KeyKind,
  siteId: string,
  keyId: string,
  code: string,
  remember = false,
) => write(keyEntry(kind, siteId, keyId), code, kind === 'key' && remember);
export const keyCodeOf = (kind: KeyKind, siteId: string, keyId: string): string | null =>
  read(keyEntry(kind, siteId, keyId));
/** The key page's close icon, and a key the server no longer accepts (spec §8). */
export const forgetKeyCode = (kind: KeyKind, siteId: string, keyId: string): void =>
  write(keyEntry(kind, siteId, keyId), null);

/** A booking's code, as typed on the portal's booking card or the booking page. */
export const rememberBookingCode = (bookingId: string, code: string): void =>
  write(bookingEntry(bookingId), code);
export const bookingCodeOf = (bookingId: string): string | null => read(bookingEntry(bookingId));
export const forgetBookingCode = (bookingId: string): void => write(bookingEntry(bookingId), null);

/** A virtual key remembered on this phone for the club (the portal opens it straight away), if any. */
export function rememberedKeyOf(siteId: string): { keyId: string; code: string } | null {
  const prefix = keyEntry('key', siteId, '');
  for (const store of stores()) {
    try {
      for (let index = 0; index < store.length; index++) {
        const entry = store.key(index);
        if (!entry?.startsWith(prefix)) continue;
        const code = read(entry);
        if (code) return { keyId: entry.slice(prefix.length), code };
      }
    } catch {
      // refused: nothing remembered
    }
  }
  return null;
}
