import AddIcon from '@mui/icons-material/Add';
import CloseFullscreenIcon from '@mui/icons-material/CloseFullscreen';
import OpenInFullIcon from '@mui/icons-material/OpenInFull';
import PlaceIcon from '@mui/icons-material/Place';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { MapButton } from '../../../components/map/MapButton';
import { useAdminSites } from '../components/api/get-admin-sites';
import { EditSiteDialog } from './components/EditSiteDialog';
import { NewSiteDialog } from './components/NewSiteDialog';
import { SitesMap } from './components/SitesMap';
import { SitesTable } from './components/SitesTable';

/**
 * Site Manager (spec §2 Admin area → Sites): the Sites Map (full screen on demand), New Site, and the table
 * with the module switches; Edit site holds General, Configuration and Delete.
 */
export function SitesPage() {
  const { t } = useTranslation();
  const sites = useAdminSites();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [focusId, setFocusId] = useState<string | null>(null);
  const [newSiteCenter, setNewSiteCenter] = useState<string | null>(null);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [fullMap, setFullMap] = useState(false);
  const editing = sites.data?.find((site) => site._id === editingId) ?? null;

  const selectOnMap = (siteId: string) => {
    setSelectedId(siteId);
    setFullMap(false);
  };
  const pickOnMap = (centerLatLong: string) => {
    setFullMap(false);
    setNewSiteCenter(centerLatLong);
  };
  const map = (full: boolean) =>
    sites.data && (
      <SitesMap
        sites={sites.data}
        focus={focusId}
        onSelect={selectOnMap}
        onPick={pickOnMap}
        controls={
          <MapButton
            label={full ? t('adminSites.map.exitFullScreen') : t('adminSites.map.fullScreen')}
            icon={full ? <CloseFullscreenIcon /> : <OpenInFullIcon />}
            onClick={() => setFullMap(!full)}
          />
        }
      />
    );

  return (
    <Box sx={{ p: { xs: 1.5, md: 3 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 2 }}
      >
        <Box>
          <Typography component="h1" variant="h5">
            {t('adminSites.title')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {sites.data ? t('adminSites.count', { count: sites.data.length }) : '\u00a0'}
          </Typography>
        </Box>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setNewSiteCenter('')}
          data-testid="sites-new"
        >
          {t('adminSites.newSite')}
        </Button>
      </Stack>

      {sites.isPending && (
        <Stack spacing={2} data-testid="sites-loading" aria-busy="true" aria-label={t('adminSites.loading')}>
          <Skeleton variant="rounded" height={300} />
          <Skeleton variant="rounded" height={48} />
          <Skeleton variant="rounded" height={48} />
        </Stack>
      )}
      {sites.isError && (
        <ErrorState
          error={sites.error}
          title={t('adminSites.loadFailed')}
          onRetry={() => void sites.refetch()}
        />
      )}
      {sites.data && (
        <Stack spacing={2}>
          <Paper
            variant="outlined"
            component="section"
            aria-label={t('adminSites.map.label')}
            sx={{ height: { xs: 260, md: 380 }, overflow: 'hidden', position: 'relative' }}
          >
            {!fullMap && map(false)}
          </Paper>
          {sites.data.length === 0 ? (
            <EmptyState
              size="pane"
              icon={<PlaceIcon />}
              title={t('adminSites.empty.title')}
              description={t('adminSites.empty.hint')}
            />
          ) : (
            <SitesTable
              sites={sites.data}
              selectedId={selectedId}
              onEdit={(site) => setEditingId(site._id)}
              onShowOnMap={(site) => {
                setSelectedId(site._id);
                // A new value each time, so showing the same site again still recentres.
                setFocusId(null);
                queueMicrotask(() => setFocusId(site._id));
              }}
            />
          )}
        </Stack>
      )}

      <Dialog
        fullScreen
        open={fullMap}
        onClose={() => setFullMap(false)}
        aria-label={t('adminSites.map.label')}
      >
        <Box sx={{ height: '100%' }}>{fullMap && map(true)}</Box>
      </Dialog>
      {newSiteCenter !== null && (
        <NewSiteDialog
          initialCenter={newSiteCenter}
          onClose={() => setNewSiteCenter(null)}
          onCreated={(siteId) => setSelectedId(siteId)}
        />
      )}
      {editing && <EditSiteDialog site={editing} onClose={() => setEditingId(null)} />}
    </Box>
  );
}
