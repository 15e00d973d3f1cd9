import type { SiteView } from '@fairway/domain';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../lib/api-client';
import { showToast } from '../../../../lib/notifications';
import { clearSelectedSite, getSelectedSiteId } from '../../../../lib/selected-site';
import { useDeleteAdminSite } from '../api/delete-admin-site';
import { reloadPage } from '../lib/reload-page';

/**
 * Delete (spec §4 site deletion): says exactly what happens, and asks for the site's name before it acts.
 * When this browser had the site selected, the stored selection is cleared and the page reloads, so the
 * operator app starts again on a site that exists.
 */
export function DeleteSiteSection({ site, onDeleted }: { site: SiteView; onDeleted: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteAdminSite();
  const [typed, setTyped] = useState('');
  const matches = typed.trim() === site.name.trim();

  const onDelete = () =>
    remove.mutate(site._id, {
      onSuccess: () => {
        showToast(t('adminSites.delete.done', { name: site.name }), 'success');
        if (getSelectedSiteId() === site._id) {
          clearSelectedSite();
          reloadPage();
          return;
        }
        onDeleted();
      },
      onError: (error) => {
        console.error('Deleting the site failed', error);
        showToast(error instanceof ApiError ? error.message : t('adminSites.errors.generic'), 'error');
      },
    });

  return (
    <Stack spacing={2}>
      <Alert severity="error" data-testid="site-delete-warning">
        <AlertTitle>{t('adminSites.delete.warningTitle', { name: site.name })}</AlertTitle>
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          <li>{t('adminSites.delete.carts', { count: site.devices })}</li>
          <li>{t('adminSites.delete.removed')}</li>
          <li>{t('adminSites.delete.access')}</li>
          <li>{t('adminSites.delete.final')}</li>
        </Box>
      </Alert>
      <TextField
        label={t('adminSites.delete.typeName', { name: site.name })}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        autoComplete="off"
        fullWidth
        slotProps={{ htmlInput: { 'data-testid': 'site-delete-confirm' } }}
      />
      <Box>
        <Button
          color="error"
          variant="contained"
          startIcon={<DeleteForeverIcon />}
          disabled={!matches}
          loading={remove.isPending}
          onClick={onDelete}
          data-testid="site-delete-submit"
        >
          {t('adminSites.delete.submit')}
        </Button>
      </Box>
    </Stack>
  );
}
