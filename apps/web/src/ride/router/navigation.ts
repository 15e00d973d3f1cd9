import { useMemo, useSyncExternalStore, type MouseEvent } from 'react';

/**
 * History-mode navigation (spec §2 Router behaviour): pushState/replaceState plus popstate, and the page
 * scrolled to the top on every navigation the app makes.
 */
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

const snapshot = () => window.location.pathname + window.location.search;

export function navigate(to: string, { replace = false }: { replace?: boolean } = {}): void {
  if (replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  window.scrollTo(0, 0);
  for (const listener of [...listeners]) listener();
}

export interface RideLocation {
  pathname: string;
  query: URLSearchParams;
}

export function useLocation(): RideLocation {
  const href = useSyncExternalStore(subscribe, snapshot, snapshot);
  return useMemo(() => {
    const url = new URL(href, 'http://ride.invalid');
    return { pathname: url.pathname, query: url.searchParams };
  }, [href]);
}

/** `href` and `onClick` for an anchor (or a MUI Button/Link with href) that navigates within the app. */
export function linkProps(to: string) {
  return {
    href: to,
    onClick: (event: MouseEvent<HTMLElement>) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      navigate(to);
    },
  };
}
