import type { PublicSite } from '@fairway/domain';
import Stack from '@mui/material/Stack';
import { isNotFound } from '../api/errors';
import { ErrorPanel } from '../components/States';
import { useI18n, useNamespace } from '../i18n/I18nProvider';
import { forgetKeyCode } from '../lib/guest-codes';
import { useResource } from '../lib/use-resource';
import { navigate } from '../router/navigation';
import { ridePaths } from '../router/routes';
import { NotFoundPage } from '../RideApp';
import { BookingForm } from './BookingForm';
import { ClosedCard } from './ClosedCard';
import { useCodeSheet } from './code-sheet-slot';
import { KeyCard } from './KeyCard';
import { keyPageMessages } from './key-locales';
import { portalMessages } from './locales';
import { PortalCard } from './PortalCard';
import { PortalFrame, PortalLoading } from './PortalFrame';
import { portalApi } from './portal-api';
import { usePortalSite, useSiteOpen } from './portal-site';
import { KeyFailedPanel, useForgetRefusedKey, useStoredKey } from './stored-key';

/** /guest/site/{id}/virtual-key/{keyId} — a member's key and its booking form (spec §2 Virtual key page). */
export default function VirtualKeyPage({ siteId, virtualKeyId }: { siteId: string; virtualKeyId: string }) {
  const { t } = useI18n();
  const tk = useNamespace(keyPageMessages);
  const code = useStoredKey('key', siteId, virtualKeyId);
  const site = usePortalSite(siteId);
  const key = useResource(code ? `key:${siteId}:${virtualKeyId}` : null, (signal) =>
    portalApi.key(siteId, code!, false, signal),
  );
  const refused = useForgetRefusedKey('key', siteId, virtualKeyId, key.error);

  if (isNotFound(site.error)) return <NotFoundPage />;
  if (!code) return <PortalLoading />;
  if (site.error || (key.error && !refused))
    return (
      <PortalFrame site={site.data} title={t('errors.title')} inner>
        <ErrorPanel
          error={site.error ?? key.error}
          onRetry={() => (site.error ? site.reload() : key.reload())}
        />
      </PortalFrame>
    );
  if (refused)
    return (
      <PortalFrame site={site.data} title={tk('key.failed')} inner>
        <KeyFailedPanel siteId={siteId} error={key.error} />
      </PortalFrame>
    );
  if (!site.data || !key.data) return <PortalLoading site={site.data} />;
  return (
    <KeyPage
      site={site.data}
      code={code}
      keyView={key.data}
      onClose={() => {
        forgetKeyCode('key', siteId, virtualKeyId);
        navigate(ridePaths.portalHome(siteId), { replace: true });
      }}
    />
  );
}

function KeyPage({
  site,
  code,
  keyView,
  onClose,
}: {
  site: PublicSite;
  code: string;
  keyView: Parameters<typeof KeyCard>[0]['keyView'];
  onClose: () => void;
}) {
  const tp = useNamespace(portalMessages);
  const tk = useNamespace(keyPageMessages);
  const open = useSiteOpen(site);
  const { trigger, sheet } = useCodeSheet(site._id);
  return (
    <PortalFrame site={site} title={tk('key.title')} inner>
      <Stack spacing={3}>
        <KeyCard keyView={keyView} site={site} onClose={onClose} />
        {open ? (
          <BookingForm site={site} code={code} />
        ) : (
          <>
            <ClosedCard site={site} />
            <PortalCard
              title={tp('home.master.title')}
              text={tp('home.master.text')}
              actionLabel={tp('home.master.enter')}
              action={trigger('master')}
            />
          </>
        )}
      </Stack>
      {sheet}
    </PortalFrame>
  );
}
