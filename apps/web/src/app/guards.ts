import { hasRole } from '@fairway/domain';
import type { QueryClient } from '@tanstack/react-query';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import type { AccessTokenInfo } from '../lib/auth-tokens';
import { i18n } from '../lib/i18n';
import { showToast } from '../lib/notifications';
import { loginPathFor } from '../lib/safe-redirect';
import { ensureSession } from '../lib/session';
import { endSession } from '../features/auth/end-session';
import { ensureSelectedSite } from '../features/sites/ensure-selected-site';

/** What every authenticated page can read with `useRouteLoaderData('authenticated')`. */
export interface AuthenticatedLoaderData {
  session: AccessTokenInfo;
  /** Null when the user holds no site. */
  siteId: string | null;
}

function pathOf(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/**
 * Runs before every navigation inside the app (spec §4 "Before each navigation an auth check runs"):
 * no session → /login (remembering where the user wanted to go); then the after-login site rules.
 */
export function createAuthenticatedLoader(queryClient: QueryClient) {
  return async function authenticatedLoader({
    request,
  }: LoaderFunctionArgs): Promise<AuthenticatedLoaderData> {
    const session = await ensureSession();
    if (!session) throw redirect(loginPathFor(pathOf(request)));

    const selection = await ensureSelectedSite(queryClient, session.userId);
    switch (selection.kind) {
      case 'selected':
        return { session, siteId: selection.siteId };
      case 'none':
        return { session, siteId: null };
      case 'replaced':
        showToast(i18n.t('site.storedSiteUnavailable', { site: selection.siteName }), 'info');
        return { session, siteId: selection.siteId };
      case 'failed':
        console.error('Loading the sites after login failed', selection.error);
        endSession();
        queryClient.clear();
        showToast(i18n.t('errors.somethingWentWrong'), 'error');
        throw redirect('/login');
    }
  };
}

/**
 * Admin routes need role superadmin (spec §2); anyone else goes to the map. It checks the session itself
 * because React Router runs this loader in parallel with the parent's.
 */
export async function superadminLoader({ request }: LoaderFunctionArgs): Promise<null> {
  const session = await ensureSession();
  if (!session) throw redirect(loginPathFor(pathOf(request)));
  if (!hasRole(session.role, 'superadmin')) throw redirect('/');
  return null;
}

/**
 * Pages outside the app's layout that still need a signed-in user (the sandbox's onboarding and account
 * dashboard, whose club's admins alone may see them): no session → /login, then back here.
 */
export async function signedInLoader({ request }: LoaderFunctionArgs): Promise<null> {
  const session = await ensureSession();
  if (!session) throw redirect(loginPathFor(pathOf(request)));
  return null;
}

/** Login pages send an already authenticated user to the map (spec §2). */
export async function guestOnlyLoader(): Promise<null> {
  const session = await ensureSession().catch(() => null);
  if (session) throw redirect('/');
  return null;
}
