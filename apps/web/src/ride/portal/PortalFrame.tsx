import type { PublicSite } from '@fairway/domain';
import type { ReactNode } from 'react';
import { RideLayout } from '../components/RideLayout';
import { LoadingSkeleton } from '../components/States';
import { useI18n, useNamespace } from '../i18n/I18nProvider';
import { ridePaths } from '../router/routes';
import { portalMessages } from './locales';

/**
 * A portal page's frame: the club's logo and name, and on the inner pages (key, master) the back arrow to
 * the club's home (spec §2: not on the home itself).
 */
export function PortalFrame({
  site,
  title,
  inner = false,
  children,
}: {
  site: PublicSite | undefined;
  title: string;
  inner?: boolean;
  children: ReactNode;
}) {
  const tp = useNamespace(portalMessages);
  return (
    <RideLayout
      title={title}
      site={site ? { name: site.displayName, logoUrl: site.logoUrl } : null}
      back={inner && site ? { to: ridePaths.portalHome(site._id), label: tp('back') } : undefined}
    >
      {children}
    </RideLayout>
  );
}

/** While the club (or the page's first answer) loads. */
export function PortalLoading({ site }: { site?: PublicSite }) {
  const { t } = useI18n();
  return (
    <PortalFrame site={site} title={t('app.loading')}>
      <LoadingSkeleton />
    </PortalFrame>
  );
}
