import { act, cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, vi } from 'vitest';
import type { SupportedLocale } from '../../lib/locale';
import { I18nProvider } from '../i18n/I18nProvider';
import { forgetCarts } from '../pages/home/cart-cache';
import { RideRoot } from '../RideApp';

/**
 * Every guest-app test starts on a clean phone: no storage, no cached cart, real timers; afterwards the
 * page is unmounted and stubbed globals (fetch, location) are restored.
 */
export function resetRideAroundEachTest(): void {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
    forgetCarts();
    vi.stubGlobal('scrollTo', vi.fn());
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
  });
}

/** The whole guest app at `path`, as the phone opens it. */
export function renderRideAt(path: string, locale: SupportedLocale = 'en') {
  window.history.replaceState(null, '', path);
  return render(<RideRoot locale={locale} />);
}

/** One page inside the translator only (its own route props), for tests on fake timers. */
export function renderWithI18n(ui: ReactElement, locale: SupportedLocale = 'en') {
  return render(<I18nProvider locale={locale}>{ui}</I18nProvider>);
}

export const currentUrl = () => window.location.pathname + window.location.search;

/**
 * On fake timers: moves the clock `ms` forward (firing timers), letting answers and React settle between.
 * Only timeouts, intervals and Date are faked; the fetch stand-in's promises resolve as they would.
 */
export async function advance(ms = 0): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
}

export function useFakeClock(now: string): void {
  vi.useFakeTimers({
    now: new Date(now),
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });
}
