import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useRevalidator } from 'react-router';
import { i18n } from '../../lib/i18n';
import { showToast } from '../../lib/notifications';
import { currentTokenInfo } from '../../lib/session';
import { watchSelectedSite } from './ensure-selected-site';

/**
 * Keeps the operator app on a site that exists: when the selected site's calls are refused because it is
 * gone, the first of the user's sites is selected (pages follow the selection by themselves) and the route
 * data is loaded again. With no site left, the app shows its no-site page.
 */
export function useLostSiteRecovery(): void {
  const queryClient = useQueryClient();
  const { revalidate } = useRevalidator();
  useEffect(
    () =>
      watchSelectedSite(
        queryClient,
        () => currentTokenInfo()?.userId ?? null,
        (outcome) => {
          if (outcome.kind === 'replaced')
            showToast(i18n.t('site.storedSiteUnavailable', { site: outcome.siteName }), 'info');
          if (outcome.kind === 'replaced' || outcome.kind === 'none') void revalidate();
        },
      ),
    [queryClient, revalidate],
  );
}
