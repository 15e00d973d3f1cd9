import { useMatches } from 'react-router';
import type { TranslationKey } from './i18n';

/** Spec §2: every route may name its layout; without one the guest layout is used. */
export type LayoutName = 'guest' | 'authenticated' | 'settings';

/** Route metadata, set as `handle` on route objects. */
export interface RouteHandle {
  layout?: LayoutName;
  /** Translation key of the page title (document title and headings). */
  titleKey?: TranslationKey;
}

function handleOf(match: { handle: unknown }): RouteHandle {
  return typeof match.handle === 'object' && match.handle !== null ? (match.handle as RouteHandle) : {};
}

/** The deepest matched route's value wins, so a child can override its parent's layout or title. */
export function useRouteHandleValue<K extends keyof RouteHandle>(key: K): RouteHandle[K] | undefined {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const value = handleOf(matches[index]!)[key];
    if (value !== undefined) return value;
  }
  return undefined;
}

export const useRouteLayout = (): LayoutName => useRouteHandleValue('layout') ?? 'guest';
