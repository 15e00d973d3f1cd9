import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Skeleton from '@mui/material/Skeleton';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { setSelectedSite, useSelectedSiteId } from '../../../lib/selected-site';
import { useTokenInfo } from '../../../lib/session';
import { useSitesList } from '../api/get-sites-list';

/**
 * Chooses the site every dashboard call and the live map work on. The choice is remembered per user;
 * queries are keyed by site, so pages reload their data by themselves.
 */
export function SiteSelector({ variant = 'toolbar' }: { variant?: 'toolbar' | 'drawer' }) {
  const { t } = useTranslation();
  const labelId = useId();
  const sites = useSitesList();
  const selectedSiteId = useSelectedSiteId();
  const session = useTokenInfo();

  if (sites.isPending) return <Skeleton variant="rounded" width={180} height={40} />;
  if (!sites.data || sites.data.length === 0) return null;

  const onToolbar = variant === 'toolbar';
  return (
    <FormControl
      size="small"
      sx={{
        minWidth: onToolbar ? 180 : '100%',
        maxWidth: onToolbar ? 260 : 'none',
        ...(onToolbar && {
          '& .MuiInputBase-root': { color: 'inherit', bgcolor: 'rgba(255,255,255,0.12)' },
          '& .MuiInputLabel-root, & .MuiSelect-icon': { color: 'inherit' },
          '& .MuiOutlinedInput-notchedOutline': { borderColor: 'rgba(255,255,255,0.5)' },
        }),
      }}
    >
      <InputLabel id={labelId}>{t('site.label')}</InputLabel>
      <Select
        labelId={labelId}
        label={t('site.label')}
        value={selectedSiteId ?? ''}
        onChange={(event) => setSelectedSite(event.target.value, session?.userId ?? null)}
        data-testid="site-selector"
      >
        {sites.data.map((site) => (
          <MenuItem key={site._id} value={site._id}>
            {site.name}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
