import { Component, lazy, Suspense, useEffect, useMemo, useRef, type ReactNode } from 'react';
import type { SupportedLocale } from '../lib/locale';
import { RideLayout } from './components/RideLayout';
import { LoadingSpinner, MessagePanel } from './components/States';
import { I18nProvider, useI18n } from './i18n/I18nProvider';
import { HomePage } from './pages/home/HomePage';
import { useLocation } from './router/navigation';
import { matchRoute, type RideRoute } from './router/routes';
import { Button } from './ui/Button';
import { lazyWithTheme } from './ui/lazy-with-theme';

// The cart page is the QR code's first visit and ships in the entry; the later steps load when reached,
// with MUI and its theme (ui/lazy-with-theme.tsx): the first screens are plain React (issue 22 item 6).
const PricesPage = lazyWithTheme(() => import('./pages/prices/PricesPage'));
const PaymentPendingPage = lazyWithTheme(() => import('./pages/session/PaymentPendingPage'));
const SessionPage = lazyWithTheme(() => import('./pages/session/SessionPage'));
const KeyUnlockPage = lazyWithTheme(() => import('./pages/unlock/KeyUnlockPage'));
const BookingUnlockPage = lazyWithTheme(() => import('./pages/unlock/BookingUnlockPage'));
// The club's portal (a poster's QR code) and the booking page bring their own texts along (issue 18). A
// cart's QR code landing and the portal's home are first screens too: plain React, no theme to wait for.
const DeviceLandingPage = lazy(() => import('./portal/DeviceLandingPage'));
const PortalHomePage = lazy(() => import('./portal/PortalHomePage'));
const VirtualKeyPage = lazyWithTheme(() => import('./portal/VirtualKeyPage'));
const MasterKeyPage = lazyWithTheme(() => import('./portal/MasterKeyPage'));
const GuestBookingPage = lazyWithTheme(() => import('./booking/GuestBookingPage'));
// A problem report (issue 23) brings its form, photo handling and texts along only when opened.
const ReportProblemPage = lazyWithTheme(() => import('./report/ReportProblemPage'));

/** The guest app: its translator around the routed page (ride.css, loaded by main.tsx, is its look). */
export function RideRoot({ locale }: { locale?: SupportedLocale }) {
  return (
    <I18nProvider locale={locale}>
      <RideApp />
    </I18nProvider>
  );
}

export function RideApp() {
  const { pathname } = useLocation();
  const route = useMemo(() => matchRoute(pathname), [pathname]);

  // After a navigation (not the first page), focus moves to the new page's content for screen readers.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    document.getElementById('ride-main')?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <PageErrorBoundary key={pathname}>
      <Suspense fallback={<PageLoading />}>
        <RoutedPage route={route} />
      </Suspense>
    </PageErrorBoundary>
  );
}

function RoutedPage({ route }: { route: RideRoute }) {
  switch (route.name) {
    case 'home':
      return <HomePage deviceId={route.deviceId} />;
    case 'prices':
      return <PricesPage deviceId={route.deviceId} />;
    case 'pending':
      return <PaymentPendingPage deviceId={route.deviceId} />;
    case 'session':
      return <SessionPage deviceId={route.deviceId} sessionId={route.sessionId} />;
    case 'report':
      return <ReportProblemPage deviceId={route.deviceId} />;
    case 'unlock':
      return <DeviceLandingPage deviceId={route.deviceId} />;
    case 'rideKey':
      return <KeyUnlockPage deviceId={route.deviceId} code={route.code} />;
    case 'rideBooking':
      return <BookingUnlockPage deviceId={route.deviceId} bookingId={route.bookingId} />;
    case 'portalHome':
      return <PortalHomePage siteId={route.siteId} />;
    case 'portalKey':
      return <VirtualKeyPage siteId={route.siteId} virtualKeyId={route.virtualKeyId} />;
    case 'portalMaster':
      return <MasterKeyPage siteId={route.siteId} virtualKeyId={route.virtualKeyId} />;
    case 'guestBooking':
      return <GuestBookingPage bookingId={route.bookingId} />;
    case 'notFound':
      return <NotFoundPage />;
  }
}

function PageLoading() {
  const { t } = useI18n();
  return (
    <RideLayout title={t('app.loading')}>
      <LoadingSpinner />
    </RideLayout>
  );
}

export function NotFoundPage() {
  const { t } = useI18n();
  return (
    <RideLayout title={t('notFound.title')}>
      <MessagePanel title={t('notFound.title')}>
        <p className="rd-text">{t('notFound.text')}</p>
      </MessagePanel>
    </RideLayout>
  );
}

function ChunkFailed() {
  const { t } = useI18n();
  return (
    <RideLayout title={t('errors.title')}>
      <MessagePanel title={t('errors.title')}>
        <p className="rd-text">{t('errors.chunk')}</p>
        <Button variant="contained" onClick={() => window.location.reload()}>
          {t('app.reload')}
        </Button>
      </MessagePanel>
    </RideLayout>
  );
}

/** A later step's code that did not arrive (the phone lost its connection): offer a reload. */
class PageErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <ChunkFailed /> : this.props.children;
  }
}
