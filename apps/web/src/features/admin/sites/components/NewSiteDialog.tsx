import { REVENUE_SHARE_METHODS } from '@fairway/domain';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../lib/api-client';
import { showToast } from '../../../../lib/notifications';
import { useCreateAdminSite } from '../api/create-admin-site';
import {
  emptyNewSite,
  newSiteResolver,
  type NewSiteFormOutput,
  type NewSiteFormValues,
} from '../lib/site-form';
import { SiteGeneralFields } from './SiteGeneralFields';

interface NewSiteDialogProps {
  /** the centre a map click chose, or '' */
  initialCenter: string;
  onClose: () => void;
  onCreated: (siteId: string) => void;
}

/** New Site (spec §2, §5): name, country, currency, centre, time zone, revenue share method. */
export function NewSiteDialog({ initialCenter, onClose, onCreated }: NewSiteDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const create = useCreateAdminSite();
  const form = useForm<NewSiteFormValues, unknown, NewSiteFormOutput>({
    resolver: newSiteResolver,
    defaultValues: emptyNewSite(initialCenter),
  });

  const onSubmit = form.handleSubmit((values) => {
    create.mutate(values, {
      onSuccess: (site) => {
        showToast(t('adminSites.created'), 'success');
        onCreated(site._id);
        onClose();
      },
      onError: (error) => {
        console.error('Creating the site failed', error);
        showToast(error instanceof ApiError ? error.message : t('adminSites.errors.generic'), 'error');
      },
    });
  });

  return (
    <Dialog
      open
      onClose={create.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} data-testid="new-site-form">
        <DialogTitle id={titleId}>{t('adminSites.newSite')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <SiteGeneralFields form={form} />
            <Controller
              control={form.control}
              name="revenueShareMethod"
              render={({ field, fieldState }) => (
                <TextField
                  select
                  required
                  fullWidth
                  label={t('adminSites.form.revenueShareMethod')}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  error={fieldState.error !== undefined}
                  helperText={fieldState.error?.message}
                  slotProps={{
                    select: { SelectDisplayProps: { 'data-testid': 'site-form-revenue' } as object },
                  }}
                >
                  {REVENUE_SHARE_METHODS.map((method) => (
                    <MenuItem key={method} value={method}>
                      {t(`adminSites.revenueShare.${method}`)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={create.isPending}>
            {t('adminSites.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={create.isPending} data-testid="new-site-submit">
            {t('adminSites.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
