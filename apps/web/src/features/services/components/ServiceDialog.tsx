import AddIcon from '@mui/icons-material/Add';
import { SERVICE_LIMITS, type ServiceView } from '@fairway/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { FormProvider, useFieldArray, useForm, useWatch, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { PickersProvider } from '../../../components/PickersProvider';
import { showToast } from '../../../lib/notifications';
import { useCreateService } from '../api/create-service';
import { useUpdateService } from '../api/update-service';
import { decimalSeparator } from '../lib/amount';
import { issueText } from '../lib/issue-text';
import { isNameTaken, serviceSaveErrorMessage } from '../lib/save-error';
import {
  checkServiceForm,
  newPriceValues,
  serviceFormValues,
  type ServiceFormValues,
  type ServiceIssue,
  type ServiceSaveBody,
} from '../lib/service-form';
import { DurationField } from './DurationField';
import { PriceEditor } from './PriceEditor';
import { ServiceFormContext } from './service-form-context';
import { useServiceFormContextValue } from './use-service-form-context-value';

interface ServiceDialogProps {
  open: boolean;
  siteId: string;
  /** The site's currency, which every amount is in. */
  currency: string;
  /** null = a new service */
  service: ServiceView | null;
  onClose: () => void;
}

/**
 * Adds or edits a service with its prices (spec §2 service dialog). Problems are worked out from the whole
 * form on every change (they cross fields: two prices of a group, a day used twice), and Save stays off
 * while there is one. A 'required' problem waits until its field was left once; any other shows at once,
 * because it comes from what was typed. Closing with changes asks first (spec §4).
 */
export function ServiceDialog({ open, siteId, currency, service, onClose }: ServiceDialogProps) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const separator = decimalSeparator(i18n.resolvedLanguage);
  const guestName = t('services.price.guest');
  const create = useCreateService(siteId);
  const update = useUpdateService(siteId);
  const saving = create.isPending || update.isPending;
  const form = useForm<ServiceFormValues>({
    defaultValues: serviceFormValues(service, currency, separator, guestName),
  });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'prices' });
  const [name, duration, prices] = useWatch({ control: form.control, name: ['name', 'duration', 'prices'] });
  const check = checkServiceForm({ name, duration, prices }, currency, separator);
  // Read while rendering: react-hook-form only tracks the form state a render has read.
  const { isDirty } = form.formState;
  /** The name the server answered 409 for, lower-cased: the name is taken while it still reads the same. */
  const [takenName, setTakenName] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  const nameTaken = takenName !== null && name.trim().toLowerCase() === takenName;

  // Touched, not dirty: every field of a just-added price counts as dirty, and should not start out red.
  const visited = (path: string) =>
    form.getFieldState(path as Path<ServiceFormValues>, form.formState).isTouched;
  const shows = (issue: ServiceIssue) => issue.key !== 'required' || visited(issue.path);
  const messages: Record<string, string> = {};
  for (const issue of check.issues) if (shows(issue)) messages[issue.path] ??= issueText(t, issue);
  if (nameTaken) messages.name = t('services.errors.nameTaken');
  const context = useServiceFormContextValue(siteId, currency, messages);
  const { errorAt, groups } = context;
  const waitingForVisit = check.issues.some((issue) => !shows(issue));
  const pricesError = errorAt('prices');

  const requestClose = () => {
    if (saving) return;
    if (isDirty) setConfirmingDiscard(true);
    else onClose();
  };

  const save = (body: ServiceSaveBody) => {
    setServerError(null);
    const handlers = {
      onSuccess: () => {
        showToast(t(service ? 'services.updated' : 'services.added'), 'success');
        onClose();
      },
      onError: (error: Error) => {
        if (isNameTaken(error)) {
          setTakenName(body.name.toLowerCase());
          form.setFocus('name');
        } else setServerError(serviceSaveErrorMessage(error, t));
      },
    };
    // The PATCH sends the whole list: saved prices by `_id`, new ones without; the rest are deleted.
    if (service) update.mutate({ serviceId: service._id, body }, handlers);
    else create.mutate(body, handlers);
  };
  const submit = form.handleSubmit((values) => {
    const result = checkServiceForm(values, currency, separator);
    if (result.body) save(result.body);
  });

  const { ref: nameRef, ...nameField } = form.register('name');
  const nameError = errorAt('name');

  return (
    <Dialog
      open={open}
      onClose={requestClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="md"
      scroll="paper"
    >
      <FormProvider {...form}>
        <ServiceFormContext.Provider value={context}>
          <PickersProvider>
            <Box
              component="form"
              noValidate
              onSubmit={(event) => void submit(event)}
              sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
            >
              <DialogTitle id={titleId}>
                {t(service ? 'services.dialog.editTitle' : 'services.dialog.addTitle')}
              </DialogTitle>
              <DialogContent dividers>
                {serverError && (
                  <Alert severity="error" sx={{ mb: 2 }}>
                    {serverError}
                  </Alert>
                )}
                <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' }, gap: 2 }}>
                  <TextField
                    {...nameField}
                    inputRef={nameRef}
                    required
                    autoFocus
                    label={t('services.dialog.name')}
                    error={nameError !== undefined}
                    helperText={nameError}
                    autoComplete="off"
                  />
                  <DurationField />
                </Box>
                <Stack spacing={2} sx={{ mt: 3 }}>
                  <Typography variant="h6" component="h3">
                    {t('services.dialog.prices')}
                  </Typography>
                  {fields.length === 0 && (
                    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                      {t('services.dialog.noPrices')}
                    </Typography>
                  )}
                  {fields.map((field, index) => (
                    <PriceEditor key={field.id} index={index} onRemove={remove} />
                  ))}
                  {pricesError && <Alert severity="error">{pricesError}</Alert>}
                  <Box>
                    <Button
                      startIcon={<AddIcon />}
                      disabled={fields.length >= SERVICE_LIMITS.pricesMax}
                      onClick={() => append(newPriceValues(form.getValues('prices'), groups, guestName))}
                    >
                      {t('services.dialog.addPrice')}
                    </Button>
                  </Box>
                </Stack>
              </DialogContent>
              <DialogActions>
                {waitingForVisit && (
                  <Typography variant="body2" sx={{ color: 'text.secondary', mr: 'auto', pl: 1 }}>
                    {t('services.dialog.fixToSave')}
                  </Typography>
                )}
                <Button onClick={requestClose} disabled={saving}>
                  {t('services.dialog.cancel')}
                </Button>
                <Button
                  type="submit"
                  variant="contained"
                  disabled={check.body === null || nameTaken || saving}
                >
                  {t('services.dialog.save')}
                </Button>
              </DialogActions>
            </Box>
          </PickersProvider>
        </ServiceFormContext.Provider>
      </FormProvider>
      <ConfirmDialog
        open={confirmingDiscard}
        title={t('services.dialog.discardTitle')}
        message={t('services.dialog.discardMessage')}
        confirmLabel={t('services.dialog.discard')}
        cancelLabel={t('services.dialog.keepEditing')}
        onCancel={() => setConfirmingDiscard(false)}
        onConfirm={() => {
          setConfirmingDiscard(false);
          onClose();
        }}
      />
    </Dialog>
  );
}
