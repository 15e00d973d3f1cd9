import type { PublicSite } from '@fairway/domain';
import { Suspense, useState } from 'react';
import { isNotFound } from '../api/errors';
import { ErrorPanel } from '../components/States';
import { useI18n, useNamespace } from '../i18n/I18nProvider';
import { rememberedKeyOf } from '../lib/guest-codes';
import { linkProps } from '../router/navigation';
import { ridePaths } from '../router/routes';
import { NotFoundPage } from '../RideApp';
import { lazyWithTheme } from '../ui/lazy-with-theme';
import { ClosedCard } from './ClosedCard';
import { useCodeSheet } from './code-sheet-slot';
import { portalMessages } from './locales';
import { PortalCard } from './PortalCard';
import { PortalFrame, PortalLoading } from './PortalFrame';
import { usePortalSite, useSiteOpen } from './portal-site';

const PayOnlineDialog = lazyWithTheme(async () => ({
  default: (await import('./PayOnlineDialog')).PayOnlineDialog,
}));

/**
 * /guest/site/{id} — the club's portal, which a poster's QR code (and a cart's, on a club without
 * scan-to-ride) opens (spec §2 Guest site portal, Site home). An unknown or staging club is the guest app's
 * not-found page: a guest has no operator pages to go back to. Plain elements styled by ride.css: a first
 * screen carries no MUI (issue 22 item 6); the code sheet and the 'Pay Online' dialog bring it on a tap.
 */
export default function PortalHomePage({ siteId }: { siteId: string }) {
  const { t } = useI18n();
  const site = usePortalSite(siteId);
  if (isNotFound(site.error)) return <NotFoundPage />;
  if (site.error)
    return (
      <PortalFrame site={undefined} title={t('errors.title')}>
        <ErrorPanel error={site.error} onRetry={site.reload} />
      </PortalFrame>
    );
  if (!site.data) return <PortalLoading />;
  return <PortalHome site={site.data} />;
}

function PortalHome({ site }: { site: PublicSite }) {
  const tp = useNamespace(portalMessages);
  const open = useSiteOpen(site);
  const { trigger, sheet } = useCodeSheet(site._id);
  const [payOnline, setPayOnline] = useState(false);
  const title = tp('home.title', { name: site.displayName });
  // 'Book and pay online' needs somewhere to go (a profile without its booking address shows no card). It
  // comes first but does not hide the code cards (issue 18; spec §2 says "otherwise"): a member's key and a
  // booking made at the desk must open carts at a club that also sells online.
  const online = site.publicProfileActive && site.bookingAppUrl !== '';
  const keyCard = open && !site.bookingIntegration;
  const remembered = keyCard ? rememberedKeyOf(site._id) : null;

  return (
    <PortalFrame site={site} title={title}>
      <div className="rd-stack">
        <div className="rd-stack rd-stack--1">
          <h1 className="rd-h5">{title}</h1>
          {open && <p className="rd-text rd-secondary">{tp('home.intro')}</p>}
        </div>
        {!open && <ClosedCard site={site} />}
        {remembered && (
          <PortalCard
            primary
            title={tp('home.remembered.title')}
            text={tp('home.remembered.text')}
            actionLabel={tp('home.remembered.open')}
            action={linkProps(ridePaths.portalKey(site._id, remembered.keyId))}
          />
        )}
        {open && online && (
          <PortalCard
            primary
            title={tp('home.online.title')}
            text={tp('home.online.text')}
            actionLabel={tp('home.online.pay')}
            action={{ onClick: () => setPayOnline(true) }}
          />
        )}
        {open && (
          <PortalCard
            primary={!online}
            title={tp('home.booking.title')}
            text={tp('home.booking.text')}
            actionLabel={tp('home.booking.enter')}
            action={trigger('booking')}
          />
        )}
        {keyCard && (
          <PortalCard
            primary={!remembered && !online}
            title={tp('home.key.title')}
            text={tp('home.key.text')}
            actionLabel={tp('home.key.enter')}
            action={trigger('key')}
          />
        )}
        <PortalCard
          title={tp('home.master.title')}
          text={tp('home.master.text')}
          actionLabel={tp('home.master.enter')}
          action={trigger('master')}
        />
      </div>
      {sheet}
      {payOnline && (
        <Suspense fallback={null}>
          <PayOnlineDialog url={site.bookingAppUrl} onClose={() => setPayOnline(false)} />
        </Suspense>
      )}
    </PortalFrame>
  );
}
