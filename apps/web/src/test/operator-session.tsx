import type { Role } from '@fairway/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, vi } from 'vitest';
import { createQueryClient } from '../app/query-client';
import { NotificationHost } from '../components/NotificationHost';
import { clearTokens, storeTokens } from '../lib/auth-tokens';
import { dismissAllToasts } from '../lib/notifications';
import { setSelectedSite } from '../lib/selected-site';
import { SITE_A } from './carts';
import { fakeAccessToken } from './fake-jwt';

/**
 * For component tests of site pages: before each test no toast is left and SITE_A is selected; after it the
 * page is unmounted, the operator signed out and the fetch mock removed, so no test sees another's state.
 */
export function resetOperatorSessionAroundEachTest(): void {
  beforeEach(() => {
    dismissAllToasts();
    setSelectedSite(SITE_A, null);
  });
  afterEach(() => {
    cleanup();
    clearTokens();
    vi.unstubAllGlobals();
  });
}

/** Signs in an operator of `role` and renders `ui` with a fresh query client and the toast host. */
export function renderAsOperator(ui: ReactElement, role: Role = 'admin') {
  storeTokens({ accessToken: fakeAccessToken({ role }), refreshToken: 'refresh' });
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <NotificationHost />
      {ui}
    </QueryClientProvider>,
  );
}
