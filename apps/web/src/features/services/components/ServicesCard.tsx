import AddIcon from '@mui/icons-material/Add';
import SellOutlinedIcon from '@mui/icons-material/SellOutlined';
import { hasRole, type ServiceView } from '@fairway/domain';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { ApiError } from '../../../lib/api-client';
import { showToast } from '../../../lib/notifications';
import { useSelectedSiteId } from '../../../lib/selected-site';
import { useCurrentRole } from '../../auth';
import { useSite } from '../../sites';
import { useDeleteService } from '../api/delete-service';
import { useServices } from '../api/get-services';
import { CurrencyPicker } from './CurrencyPicker';
import { ServiceDialog } from './ServiceDialog';
import { ServicesTable } from './ServicesTable';

/**
 * A dialog's subject (the service, null = a new one), kept after closing so the dialog keeps its content
 * through the exit transition; `opening` keys a fresh form each time.
 */
interface DialogSubject {
  service: ServiceView | null;
  open: boolean;
  opening: number;
}
const CLOSED: DialogSubject = { service: null, open: false, opening: 0 };
const show = (service: ServiceView | null) => (current: DialogSubject) => ({
  service,
  open: true,
  opening: current.opening + 1,
});
const hide = (current: DialogSubject) => ({ ...current, open: false });

/**
 * The services card of /settings/booking (spec §2): the site's currency, its services with their prices,
 * and the service dialog. Role basic reads; role user adds, edits and deletes; admin changes the currency.
 * Lives under the router: `?addService=true` opens the add dialog.
 */
export function ServicesCard() {
  const { t } = useTranslation();
  const siteId = useSelectedSiteId() ?? '';
  const site = useSite(siteId === '' ? null : siteId);
  const services = useServices(siteId);
  const role = useCurrentRole();
  const editable = hasRole(role, 'user');
  const remove = useDeleteService(siteId);
  const [editing, setEditing] = useState(CLOSED);
  const [deleting, setDeleting] = useState(CLOSED);
  const [searchParams, setSearchParams] = useSearchParams();
  // Every amount is in the site's currency; each service carries it too, for when the site is still loading.
  const currency = site.data?.currency ?? services.data?.[0]?.currency ?? null;
  const hasServices = (services.data?.length ?? 0) > 0;
  // Spec §2: the booking dialog's 'Add a service' links to /settings/booking?addService=true.
  const addRequested = searchParams.get('addService') === 'true' && editable && currency !== null;

  const closeDialog = () => {
    setEditing(hide);
    if (addRequested)
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('addService');
          return next;
        },
        { replace: true },
      );
  };

  const addButton = (
    <Button startIcon={<AddIcon />} disabled={currency === null} onClick={() => setEditing(show(null))}>
      {t('services.add')}
    </Button>
  );

  const confirmDelete = (service: ServiceView) => {
    setDeleting(hide);
    remove.mutate(service._id, {
      onSuccess: () => showToast(t('services.deleted'), 'success'),
      onError: (error) =>
        showToast(error instanceof ApiError ? error.message : t('services.failed'), 'error'),
    });
  };

  return (
    <Card variant="outlined">
      <CardHeader
        title={t('services.title')}
        subheader={t('services.subtitle')}
        slotProps={{ title: { component: 'h2' } }}
        action={editable && hasServices && addButton}
      />
      <CardContent>
        <Stack spacing={2}>
          {site.isPending && <Skeleton variant="rounded" height={56} sx={{ maxWidth: 360 }} />}
          {site.isError && (
            <ErrorState
              error={site.error}
              title={t('services.currency.loadFailed')}
              onRetry={() => void site.refetch()}
            />
          )}
          {site.data && <CurrencyPicker site={site.data} editable={hasRole(role, 'admin')} />}
          {services.isPending && (
            <ServicesTable services={null} editable={editable} onEdit={() => {}} onDelete={() => {}} />
          )}
          {services.isError && (
            <ErrorState
              error={services.error}
              title={t('services.loadFailed')}
              onRetry={() => void services.refetch()}
            />
          )}
          {services.data && !hasServices && (
            <EmptyState
              icon={<SellOutlinedIcon />}
              title={t('services.empty.title')}
              description={t('services.empty.description')}
              action={editable && addButton}
            />
          )}
          {services.data && hasServices && (
            <ServicesTable
              services={services.data}
              editable={editable}
              onEdit={(service) => setEditing(show(service))}
              onDelete={(service) => setDeleting(show(service))}
            />
          )}
        </Stack>
      </CardContent>
      {currency !== null && (
        <ServiceDialog
          key={editing.opening}
          open={editing.open || addRequested}
          siteId={siteId}
          currency={currency}
          service={addRequested ? null : editing.service}
          onClose={closeDialog}
        />
      )}
      <ConfirmDialog
        open={deleting.open}
        title={t('services.deleteTitle')}
        message={t('services.deleteMessage', { name: deleting.service?.name ?? '' })}
        confirmLabel={t('services.deleteConfirm')}
        onCancel={() => setDeleting(hide)}
        onConfirm={() => deleting.service && confirmDelete(deleting.service)}
      />
    </Card>
  );
}
