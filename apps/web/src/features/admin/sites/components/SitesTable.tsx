import type { SiteView } from '@fairway/domain';
import EditIcon from '@mui/icons-material/Edit';
import PlaceIcon from '@mui/icons-material/Place';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ModuleToggles } from './ModuleToggles';
import { feeText, StripeStatus } from './site-facts';

interface SitesTableProps {
  sites: readonly SiteView[];
  /** the site picked on the map: highlighted and scrolled into view */
  selectedId: string | null;
  onEdit: (site: SiteView) => void;
  onShowOnMap: (site: SiteView) => void;
}

function SiteName({ site }: { site: SiteView }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {site.name}
      </Typography>
      {site.staging && <Chip size="small" label={t('adminSites.staging')} />}
    </Stack>
  );
}

function RowActions({
  site,
  onEdit,
  onShowOnMap,
}: { site: SiteView } & Pick<SitesTableProps, 'onEdit' | 'onShowOnMap'>) {
  const { t } = useTranslation();
  return (
    <>
      <Tooltip title={t('adminSites.actions.showOnMap')}>
        <IconButton
          aria-label={t('adminSites.actions.showOnMapNamed', { name: site.name })}
          onClick={() => onShowOnMap(site)}
        >
          <PlaceIcon />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('adminSites.actions.edit')}>
        <IconButton
          aria-label={t('adminSites.actions.editNamed', { name: site.name })}
          onClick={() => onEdit(site)}
          data-testid={`site-edit-${site._id}`}
        >
          <EditIcon />
        </IconButton>
      </Tooltip>
    </>
  );
}

/** Brings the site chosen on the map into view. */
function useScrollToSelected(selectedId: string | null) {
  const refs = useRef(new Map<string, HTMLElement>());
  useEffect(() => {
    if (selectedId) refs.current.get(selectedId)?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [selectedId]);
  return (id: string) => (element: HTMLElement | null) => {
    if (element) refs.current.set(id, element);
    else refs.current.delete(id);
  };
}

/**
 * The sites table (spec §2): Site Name, Site ID, Country, Center Lat/Long, Stripe, Currency, Fee, Modules,
 * Actions. On a phone each site is a card with the same facts.
 */
export function SitesTable({ sites, selectedId, onEdit, onShowOnMap }: SitesTableProps) {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery(useTheme().breakpoints.down('md'));
  const refFor = useScrollToSelected(selectedId);

  if (phone)
    return (
      <Stack
        spacing={1.5}
        component="ul"
        sx={{ listStyle: 'none', p: 0, m: 0 }}
        aria-label={t('adminSites.tableLabel')}
      >
        {sites.map((site) => (
          <Card
            component="li"
            key={site._id}
            ref={refFor(site._id)}
            variant="outlined"
            data-testid={`site-row-${site._id}`}
            sx={site._id === selectedId ? { borderColor: 'primary.main', borderWidth: 2 } : undefined}
          >
            <CardContent sx={{ pb: 0 }}>
              <SiteName site={site} />
              <Box
                component="dl"
                sx={{
                  display: 'grid',
                  gridTemplateColumns: 'auto 1fr',
                  columnGap: 1.5,
                  rowGap: 0.5,
                  m: 0,
                  mt: 1,
                  '& dt': { color: 'text.secondary' },
                  '& dd': { m: 0, minWidth: 0, overflowWrap: 'anywhere' },
                }}
              >
                <Typography component="dt" variant="body2">
                  {t('adminSites.columns.id')}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ fontFamily: 'monospace' }}>
                  {site._id}
                </Typography>
                <Typography component="dt" variant="body2">
                  {t('adminSites.columns.country')}
                </Typography>
                <Typography component="dd" variant="body2">
                  {site.country}
                </Typography>
                <Typography component="dt" variant="body2">
                  {t('adminSites.columns.center')}
                </Typography>
                <Typography component="dd" variant="body2">
                  {site.centerLatLong}
                </Typography>
                <Typography component="dt" variant="body2">
                  {t('adminSites.columns.currency')}
                </Typography>
                <Typography component="dd" variant="body2">
                  {site.currency}
                </Typography>
                <Typography component="dt" variant="body2">
                  {t('adminSites.columns.fee')}
                </Typography>
                <Typography component="dd" variant="body2">
                  {feeText(site, i18n.language)}
                </Typography>
                <Typography component="dt" variant="body2">
                  {t('adminSites.columns.stripe')}
                </Typography>
                <Box component="dd">
                  <StripeStatus site={site} />
                </Box>
              </Box>
              <Box sx={{ mt: 1 }}>
                <ModuleToggles site={site} dense />
              </Box>
            </CardContent>
            <CardActions sx={{ justifyContent: 'flex-end' }}>
              <RowActions site={site} onEdit={onEdit} onShowOnMap={onShowOnMap} />
            </CardActions>
          </Card>
        ))}
      </Stack>
    );

  return (
    <TableContainer>
      <Table size="small" aria-label={t('adminSites.tableLabel')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('adminSites.columns.name')}</TableCell>
            <TableCell>{t('adminSites.columns.id')}</TableCell>
            <TableCell>{t('adminSites.columns.country')}</TableCell>
            <TableCell>{t('adminSites.columns.center')}</TableCell>
            <TableCell>{t('adminSites.columns.stripe')}</TableCell>
            <TableCell>{t('adminSites.columns.currency')}</TableCell>
            <TableCell>{t('adminSites.columns.fee')}</TableCell>
            <TableCell>{t('adminSites.columns.modules')}</TableCell>
            <TableCell align="right">{t('adminSites.columns.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {sites.map((site) => (
            <TableRow
              key={site._id}
              ref={refFor(site._id)}
              selected={site._id === selectedId}
              data-testid={`site-row-${site._id}`}
            >
              <TableCell>
                <SiteName site={site} />
              </TableCell>
              <TableCell
                sx={{ fontFamily: 'monospace', fontSize: '0.75rem', maxWidth: 120, overflowWrap: 'anywhere' }}
              >
                {site._id}
              </TableCell>
              <TableCell>{site.country}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{site.centerLatLong}</TableCell>
              <TableCell sx={{ maxWidth: 180 }}>
                <StripeStatus site={site} />
              </TableCell>
              <TableCell>{site.currency}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{feeText(site, i18n.language)}</TableCell>
              <TableCell sx={{ minWidth: 260 }}>
                <ModuleToggles site={site} dense />
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <RowActions site={site} onEdit={onEdit} onShowOnMap={onShowOnMap} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
