import type { SiteView } from '@fairway/domain';
import { useState } from 'react';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../../lib/storage';

/**
 * The dashboard's "Viewing" (spec §2 Admin area): All Sites (null) or one site, remembered on this browser.
 * A remembered site that no longer exists (deleted meanwhile) reads as All Sites.
 */
export function useViewingSite(sites: readonly SiteView[] | undefined) {
  const [stored, setStored] = useState<string | null>(() => readStorage(STORAGE_KEYS.adminDashboardSite));
  const site = stored && sites ? (sites.find((candidate) => candidate._id === stored) ?? null) : null;
  const choose = (siteId: string | null) => {
    setStored(siteId);
    writeStorage(STORAGE_KEYS.adminDashboardSite, siteId);
  };
  return { site, choose };
}
