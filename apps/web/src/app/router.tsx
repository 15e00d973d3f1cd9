import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { ADMIN_SECTIONS } from '../features/admin/admin-sections';
import { AppShell } from './AppShell';
import { createAuthenticatedLoader, guestOnlyLoader, signedInLoader, superadminLoader } from './guards';
import { NotFoundPage, RouteErrorBoundary } from './RouteErrorBoundary';
import type { RouteHandle } from '../lib/route-handle';
import { SessionRoute } from './SessionRoute';

/** `/charts`, `/settings`, `/admin` open their first section; the element only shows while redirecting. */
const redirectIndex = (to: string): RouteObject => ({
  index: true,
  loader: () => redirect(to),
  element: <FullPageSpinner />,
});

/**
 * The route table of spec §2. Pages are lazy routes where they carry weight of their own (the map with
 * Leaflet, the admin area, the login forms with react-hook-form), so each first load fetches only what
 * its page needs; guards are plain loaders that run before each navigation.
 */
export function createAppRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      id: 'root',
      Component: AppShell,
      ErrorBoundary: RouteErrorBoundary,
      HydrateFallback: FullPageSpinner,
      children: [
        {
          path: 'login',
          loader: guestOnlyLoader,
          handle: { layout: 'guest' } satisfies RouteHandle,
          children: [
            {
              index: true,
              lazy: async () => ({
                Component: (await import('../features/auth/routes/LoginPage')).LoginPage,
              }),
              handle: { titleKey: 'auth.login.title' } satisfies RouteHandle,
            },
            {
              path: 'register',
              lazy: async () => ({
                Component: (await import('../features/auth/routes/RegisterPage')).RegisterPage,
              }),
              handle: { titleKey: 'auth.register.title' } satisfies RouteHandle,
            },
            {
              path: 'resetPassword',
              lazy: async () => ({
                Component: (await import('../features/auth/routes/ForgotPasswordPage')).ForgotPasswordPage,
              }),
              handle: { titleKey: 'auth.forgotPassword.title' } satisfies RouteHandle,
            },
            {
              path: 'passwordReset',
              lazy: async () => ({
                Component: (await import('../features/auth/routes/PasswordResetPage')).PasswordResetPage,
              }),
              handle: { titleKey: 'auth.passwordReset.title' } satisfies RouteHandle,
            },
          ],
        },
        {
          id: 'authenticated',
          loader: createAuthenticatedLoader(queryClient),
          // Spec §4: the auth check runs before every navigation, not only when this route first matches.
          shouldRevalidate: () => true,
          Component: SessionRoute,
          handle: { layout: 'authenticated' } satisfies RouteHandle,
          children: [
            {
              // Page errors render inside the layout, keeping the navigation usable.
              ErrorBoundary: RouteErrorBoundary,
              children: [
                {
                  index: true,
                  handle: { titleKey: 'nav.map' } satisfies RouteHandle,
                  lazy: async () => ({ Component: (await import('../features/map/MapPage')).MapPage }),
                },
                {
                  path: 'fleet',
                  handle: { titleKey: 'nav.fleet' } satisfies RouteHandle,
                  lazy: async () => ({ Component: (await import('../features/fleet/FleetPage')).FleetPage }),
                },
                {
                  path: 'virtualKeys',
                  handle: { titleKey: 'pages.virtualKeys' } satisfies RouteHandle,
                  lazy: async () => ({
                    Component: (await import('../features/members/MembersPage')).MembersPage,
                  }),
                },
                {
                  path: 'rides',
                  handle: { titleKey: 'nav.rides', layout: 'authenticated' } satisfies RouteHandle,
                  lazy: async () => ({
                    Component: (await import('../features/rides/routes/RidesPage')).RidesPage,
                  }),
                },
                {
                  path: 'bookings',
                  handle: { titleKey: 'pages.bookings' } satisfies RouteHandle,
                  lazy: async () => ({
                    Component: (await import('../features/bookings/routes/BookingsPage')).BookingsPage,
                  }),
                },
                {
                  path: 'charts',
                  lazy: async () => ({
                    Component: (await import('../features/reports/ChartsLayout')).ChartsLayout,
                  }),
                  children: [
                    redirectIndex('/charts/revenue'),
                    {
                      path: 'revenue',
                      handle: { titleKey: 'pages.chartsRevenue' } satisfies RouteHandle,
                      lazy: async () => ({
                        Component: (await import('../features/payments/revenue/RevenuePage')).RevenuePage,
                      }),
                    },
                    {
                      path: 'usage',
                      handle: { titleKey: 'pages.chartsUsage' } satisfies RouteHandle,
                      lazy: async () => ({
                        Component: (await import('../features/usage/UsagePage')).UsagePage,
                      }),
                    },
                  ],
                },
                {
                  path: 'settings',
                  handle: { layout: 'settings' } satisfies RouteHandle,
                  children: [
                    redirectIndex('/settings/general'),
                    {
                      path: 'general',
                      handle: { titleKey: 'pages.settingsGeneral' } satisfies RouteHandle,
                      lazy: async () => ({
                        Component: (await import('../features/settings/general/GeneralSettingsPage'))
                          .GeneralSettingsPage,
                      }),
                    },
                    {
                      path: 'booking',
                      handle: { titleKey: 'pages.settingsBooking' } satisfies RouteHandle,
                      lazy: async () => ({
                        Component: (await import('../features/settings/BookingSettingsPage'))
                          .BookingSettingsPage,
                      }),
                    },
                    {
                      path: 'account',
                      handle: { titleKey: 'pages.settingsAccount' } satisfies RouteHandle,
                      lazy: async () => ({
                        Component: (await import('../features/settings/account/AccountSettingsPage'))
                          .AccountSettingsPage,
                      }),
                    },
                  ],
                },
                {
                  path: 'admin',
                  loader: superadminLoader,
                  handle: { titleKey: 'nav.admin' } satisfies RouteHandle,
                  lazy: async () => ({
                    Component: (await import('../features/admin/AdminLayout')).AdminLayout,
                  }),
                  children: [
                    redirectIndex('/admin/dashboard'),
                    ...ADMIN_SECTIONS.map((section): RouteObject => ({
                      path: section,
                      handle: { titleKey: `admin.sections.${section}` } satisfies RouteHandle,
                      lazy: async () => ({
                        Component: await (
                          await import('../features/admin/admin-pages')
                        ).ADMIN_PAGES[section](),
                      }),
                    })),
                  ],
                },
              ],
            },
          ],
        },
        {
          // The sandbox payment provider's hosted onboarding page, for the club's admin (signed in).
          path: 'sandbox/onboarding/:accountId',
          loader: signedInLoader,
          handle: { layout: 'guest', titleKey: 'pages.sandboxOnboarding' } satisfies RouteHandle,
          lazy: async () => ({
            Component: (await import('../features/payments/onboarding/SandboxOnboardingPage'))
              .SandboxOnboardingPage,
          }),
        },
        {
          // The sandbox's hosted checkout: where a guest pays by card, like the provider's own page.
          path: 'sandbox/checkout/:sessionId',
          handle: { layout: 'guest', titleKey: 'pages.sandboxCheckout' } satisfies RouteHandle,
          lazy: async () => ({
            Component: (await import('../features/payments/checkout/SandboxCheckoutPage'))
              .SandboxCheckoutPage,
          }),
        },
        {
          // The sandbox's account dashboard (the Revenue page's "provider dashboard" link), admins only.
          path: 'sandbox/dashboard/:accountId',
          loader: signedInLoader,
          handle: { layout: 'guest', titleKey: 'pages.sandboxDashboard' } satisfies RouteHandle,
          lazy: async () => ({
            Component: (await import('../features/payments/dashboard/SandboxDashboardPage'))
              .SandboxDashboardPage,
          }),
        },
        {
          path: '*',
          Component: NotFoundPage,
          handle: { titleKey: 'errors.pageNotFound' } satisfies RouteHandle,
        },
      ],
    },
  ];
}

export const createAppRouter = (queryClient: QueryClient) =>
  createBrowserRouter(createAppRoutes(queryClient));
