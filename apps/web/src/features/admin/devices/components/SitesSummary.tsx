import type { AdminDevicePage } from '@fairway/domain';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Sites shown before "N more". */
const FIRST = 4;

interface SitesSummaryProps {
  sites: AdminDevicePage['sites'];
  /** the site the list is narrowed to, if any */
  siteId: string | undefined;
  onSiteChange: (siteId: string | undefined) => void;
}

/**
 * The header's "site name and id with car count" (spec §2 Devices): every site with matching trackers on
 * any page. Choosing one narrows the list to it; choosing it again shows all sites.
 */
export function SitesSummary({ sites, siteId, onSiteChange }: SitesSummaryProps) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  if (sites.length === 0) return null;
  const shown = all ? sites : sites.slice(0, FIRST);
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ alignItems: 'center', flexWrap: 'wrap' }}
      data-testid="devices-sites"
      component="section"
      aria-label={t('adminDevices.sites.label')}
    >
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('adminDevices.sites.label')}
      </Typography>
      {shown.map((site) => (
        <Chip
          key={site._id}
          size="small"
          color={site._id === siteId ? 'primary' : 'default'}
          variant={site._id === siteId ? 'filled' : 'outlined'}
          aria-pressed={site._id === siteId}
          onClick={() => onSiteChange(site._id === siteId ? undefined : site._id)}
          data-testid={`devices-site-${site._id}`}
          label={t('adminDevices.sites.chip', { name: site.name, id: site._id, total: site.count })}
          sx={{ maxWidth: '100%' }}
        />
      ))}
      {sites.length > FIRST && (
        <Button size="small" onClick={() => setAll(!all)} data-testid="devices-sites-more">
          {all
            ? t('adminDevices.sites.fewer')
            : t('adminDevices.sites.more', { total: sites.length - FIRST })}
        </Button>
      )}
    </Stack>
  );
}
