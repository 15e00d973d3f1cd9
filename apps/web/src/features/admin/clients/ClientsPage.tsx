import type { ClientView } from '@fairway/domain';
import AddIcon from '@mui/icons-material/Add';
import ApiIcon from '@mui/icons-material/Api';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { ApiError } from '../../../lib/api-client';
import { showToast } from '../../../lib/notifications';
import { AdminPageHeader } from '../components/AdminPageHeader';
import { useClients } from './api/get-clients';
import { useDeleteClient } from './api/delete-client';
import { useUpdateClient } from './api/update-client';
import { ApiKeyDialog } from './components/ApiKeyDialog';
import { ClientDialog } from './components/ClientDialog';
import { ClientsTable } from './components/ClientsTable';
import { WebhooksDialog } from './components/WebhooksDialog';

/** Where partners read how to call the client API (the server's OpenAPI document). */
export const API_DOCS_URL = '/api/docs';

type Editing = { client: ClientView | null } | null;

/**
 * Clients (spec §2 Admin area → Clients): the partner apps and booking systems that call the client API
 * with a key of their own. Add, edit, regenerate the key (shown once) and delete; and each client's outbound
 * webhooks (issue 23).
 */
export function ClientsPage() {
  const { t } = useTranslation();
  const clients = useClients();
  const update = useUpdateClient();
  const remove = useDeleteClient();
  const [editing, setEditing] = useState<Editing>(null);
  const [regenerating, setRegenerating] = useState<ClientView | null>(null);
  const [deleting, setDeleting] = useState<ClientView | null>(null);
  const [webhooksOf, setWebhooksOf] = useState<ClientView | null>(null);
  const [shownKey, setShownKey] = useState<{ name: string; apiKey: string } | null>(null);

  const failed = (what: string) => (error: unknown) => {
    console.error(what, error);
    showToast(error instanceof ApiError ? error.message : t('adminClients.errors.generic'), 'error');
  };

  const regenerate = (client: ClientView) => {
    setRegenerating(null);
    update.mutate(
      { clientId: client._id, body: { regenerateKey: true } },
      {
        onSuccess: (saved) => {
          if (saved.apiKey) setShownKey({ name: saved.client.name, apiKey: saved.apiKey });
        },
        onError: failed('Regenerating the API key failed'),
      },
    );
  };

  const confirmDelete = (client: ClientView) => {
    setDeleting(null);
    remove.mutate(client._id, {
      onSuccess: () => showToast(t('adminClients.deleted', { name: client.name }), 'success'),
      onError: failed('Deleting the API client failed'),
    });
  };

  const docsButton = (
    <Button href={API_DOCS_URL} target="_blank" rel="noopener" startIcon={<MenuBookIcon />}>
      {t('adminClients.docs')}
    </Button>
  );

  return (
    <Box sx={{ p: { xs: 1.5, md: 3 } }}>
      <Stack spacing={2}>
        <AdminPageHeader
          title={t('adminClients.title')}
          subtitle={t('adminClients.subtitle')}
          action={
            <Stack direction="row" spacing={1}>
              {clients.data && clients.data.length > 0 && docsButton}
              <Button
                variant="contained"
                startIcon={<AddIcon />}
                onClick={() => setEditing({ client: null })}
                data-testid="clients-add"
              >
                {t('adminClients.add')}
              </Button>
            </Stack>
          }
        />
        {clients.isPending && (
          <Stack
            spacing={1}
            aria-busy="true"
            aria-label={t('adminClients.loading')}
            data-testid="clients-loading"
          >
            {[0, 1, 2].map((row) => (
              <Skeleton key={row} variant="rounded" height={44} />
            ))}
          </Stack>
        )}
        {clients.isError && (
          <ErrorState
            error={clients.error}
            title={t('adminClients.loadFailed')}
            onRetry={() => void clients.refetch()}
          />
        )}
        {clients.data?.length === 0 && (
          <EmptyState
            size="pane"
            icon={<ApiIcon />}
            title={t('adminClients.empty.title')}
            description={t('adminClients.empty.hint')}
            action={
              <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
                {docsButton}
                <Button
                  variant="outlined"
                  startIcon={<AddIcon />}
                  onClick={() => setEditing({ client: null })}
                >
                  {t('adminClients.add')}
                </Button>
              </Stack>
            }
          />
        )}
        {clients.data && clients.data.length > 0 && (
          <ClientsTable
            clients={clients.data}
            onEdit={(client) => setEditing({ client })}
            onRegenerate={setRegenerating}
            onDelete={setDeleting}
            onWebhooks={setWebhooksOf}
          />
        )}
      </Stack>

      {editing && (
        <ClientDialog
          client={editing.client}
          onClose={() => setEditing(null)}
          onKey={(name, apiKey) => setShownKey({ name, apiKey })}
        />
      )}
      <ConfirmDialog
        open={regenerating !== null}
        title={t('adminClients.regenerate.title')}
        message={t('adminClients.regenerate.message')}
        confirmLabel={t('adminClients.regenerate.confirm')}
        onConfirm={() => regenerating && regenerate(regenerating)}
        onCancel={() => setRegenerating(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('adminClients.delete.title', { name: deleting?.name ?? '' })}
        message={t('adminClients.delete.message')}
        confirmLabel={t('adminClients.delete.confirm')}
        onConfirm={() => deleting && confirmDelete(deleting)}
        onCancel={() => setDeleting(null)}
      />
      {webhooksOf && <WebhooksDialog client={webhooksOf} onClose={() => setWebhooksOf(null)} />}
      {shownKey && (
        <ApiKeyDialog clientName={shownKey.name} apiKey={shownKey.apiKey} onClose={() => setShownKey(null)} />
      )}
    </Box>
  );
}
