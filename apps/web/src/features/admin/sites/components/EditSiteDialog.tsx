import type { SiteView } from '@fairway/domain';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../lib/api-client';
import { showToast } from '../../../../lib/notifications';
import { useUpdateAdminSite } from '../api/update-admin-site';
import {
  changedFields,
  generalResolver,
  generalValuesOf,
  type GeneralFormOutput,
  type GeneralFormValues,
} from '../lib/site-form';
import { DeleteSiteSection } from './DeleteSiteSection';
import { SiteConfigForm } from './SiteConfigForm';
import { SiteGeneralFields } from './SiteGeneralFields';

type Section = 'general' | 'configuration' | 'delete';

function GeneralForm({ site }: { site: SiteView }) {
  const { t } = useTranslation();
  const update = useUpdateAdminSite();
  const form = useForm<GeneralFormValues, unknown, GeneralFormOutput>({
    resolver: generalResolver,
    defaultValues: generalValuesOf(site),
  });
  const onSubmit = form.handleSubmit((values) => {
    const changes = changedFields(site, values);
    if (Object.keys(changes).length === 0) {
      showToast(t('adminSites.edit.noChanges'), 'info');
      return;
    }
    update.mutate(
      { siteId: site._id, changes },
      {
        onSuccess: (saved) => {
          form.reset(generalValuesOf(saved));
          showToast(t('adminSites.edit.saved'), 'success');
        },
        onError: (error) => {
          console.error('Saving the site failed', error);
          showToast(error instanceof ApiError ? error.message : t('adminSites.errors.generic'), 'error');
        },
      },
    );
  });
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} data-testid="site-general-form">
      <Stack spacing={2}>
        <SiteGeneralFields form={form} />
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button
            type="submit"
            variant="contained"
            loading={update.isPending}
            data-testid="site-general-save"
          >
            {t('adminSites.edit.save')}
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}

/**
 * Edit site (spec §2): General, Configuration and Delete, one open at a time. The staging site, where
 * carts without a club wait, cannot be deleted (the server refuses), so it has no Delete section.
 */
export function EditSiteDialog({ site, onClose }: { site: SiteView; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [open, setOpen] = useState<Section | false>('general');
  const sections: Section[] = site.staging
    ? ['general', 'configuration']
    : ['general', 'configuration', 'delete'];

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" fullScreen={fullScreen}>
      <DialogTitle id={titleId}>{t('adminSites.edit.title', { name: site.name })}</DialogTitle>
      <DialogContent>
        {sections.map((section) => (
          <Accordion
            key={section}
            expanded={open === section}
            onChange={(_event, expanded) => setOpen(expanded ? section : false)}
            disableGutters
            slotProps={{ transition: { unmountOnExit: true } }}
            data-testid={`site-section-${section}`}
          >
            <AccordionSummary expandIcon={<ExpandMoreIcon />}>
              <Typography
                component="h3"
                sx={{ fontWeight: 500, color: section === 'delete' ? 'error.main' : undefined }}
              >
                {t(`adminSites.edit.sections.${section}`)}
              </Typography>
            </AccordionSummary>
            <AccordionDetails>
              {section === 'general' && <GeneralForm site={site} />}
              {section === 'configuration' && <SiteConfigForm site={site} />}
              {section === 'delete' && <DeleteSiteSection site={site} onDeleted={onClose} />}
            </AccordionDetails>
          </Accordion>
        ))}
        {site.staging && (
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 2 }}>
            {t('adminSites.edit.stagingNotDeletable')}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('adminSites.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
