import { MEMBER_IMPORT_MAX } from '@fairway/domain';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { showToast } from '../../../lib/notifications';
import { useSelectedSiteId } from '../../../lib/selected-site';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useImportMembers } from '../api/import-members';
import { ChooseFileStep } from './ChooseFileStep';
import { mappingComplete } from './column-mapping';
import { readCsvFile } from './csv-file';
import { importWizardReducer, INITIAL_IMPORT_STATE } from './import-wizard-state';
import { MapColumnsStep } from './MapColumnsStep';
import { ResultStep } from './ResultStep';
import { ReviewStep } from './ReviewStep';

export interface ImportMembersWizardProps {
  open: boolean;
  onClose: () => void;
}

const STEP_KEYS = [
  'memberImport.steps.file',
  'memberImport.steps.map',
  'memberImport.steps.review',
  'memberImport.steps.result',
] as const;

/** Spec §2 Import wizard: choose .csv, map columns, review, result. */
export function ImportMembersWizard({ open, onClose }: ImportMembersWizardProps) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const siteId = useSelectedSiteId() ?? '';
  const importMembers = useImportMembers(siteId);
  const [state, dispatch] = useReducer(importWizardReducer, INITIAL_IMPORT_STATE);
  const [reading, setReading] = useState(false);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const importing = importMembers.isPending;

  const close = () => {
    dispatch({ type: 'reset' });
    importMembers.reset();
    setConfirmingCancel(false);
    onClose();
  };
  // Cancel asks first once a file is in the wizard; before that, and after the import, nothing is lost.
  const cancel = () => (state.file && state.step < 3 ? setConfirmingCancel(true) : close());

  const chooseFile = async (file: File) => {
    setReading(true);
    const read = await readCsvFile(file);
    setReading(false);
    dispatch(
      'table' in read
        ? { type: 'fileRead', name: file.name, table: read.table }
        : { type: 'fileFailed', problem: read.problem },
    );
  };

  const startImport = () =>
    importMembers.mutate(state.rows, {
      onSuccess: (result) => {
        dispatch({ type: 'imported', result });
        showToast(
          t('memberImport.result.complete', {
            total: new Intl.NumberFormat(i18n.resolvedLanguage).format(result.imported),
          }),
          'success',
        );
      },
      onError: (error) =>
        showToast(error instanceof ApiError ? error.message : t('memberImport.failed'), 'error'),
    });

  const canImport =
    state.check !== null &&
    state.check.valid.length > 0 &&
    state.rows.length <= MEMBER_IMPORT_MAX &&
    !importing;

  return (
    <Dialog
      open={open}
      onClose={() => !importing && cancel()}
      aria-labelledby={titleId}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="md"
    >
      <DialogTitle id={titleId}>{t('memberImport.title')}</DialogTitle>
      <DialogContent dividers>
        <Stepper activeStep={state.step} alternativeLabel sx={{ mb: 3 }}>
          {STEP_KEYS.map((key) => (
            <Step key={key}>
              <StepLabel>{t(key)}</StepLabel>
            </Step>
          ))}
        </Stepper>
        {state.step === 0 && (
          <ChooseFileStep
            problem={state.fileProblem}
            reading={reading}
            onFile={(file) => void chooseFile(file)}
          />
        )}
        {state.step === 1 && state.file && (
          <MapColumnsStep
            fileName={state.file.name}
            table={state.file.table}
            mapping={state.mapping}
            onMap={(field, column) => dispatch({ type: 'map', field, column })}
          />
        )}
        {state.step === 2 && state.check && (
          <ReviewStep check={state.check} total={state.rows.length} importing={importing} />
        )}
        {state.step === 3 && state.result && <ResultStep result={state.result} />}
      </DialogContent>
      <DialogActions>
        {state.step < 3 && (
          <Button onClick={cancel} disabled={importing}>
            {t('memberImport.cancel')}
          </Button>
        )}
        {(state.step === 1 || state.step === 2) && (
          <Button onClick={() => dispatch({ type: 'back' })} disabled={importing}>
            {t('memberImport.back')}
          </Button>
        )}
        {state.step === 1 && (
          <Button
            variant="contained"
            disabled={!mappingComplete(state.mapping)}
            onClick={() => dispatch({ type: 'review' })}
          >
            {t('memberImport.next')}
          </Button>
        )}
        {state.step === 2 && (
          <Button variant="contained" disabled={!canImport} onClick={startImport}>
            {t('memberImport.import')}
          </Button>
        )}
        {state.step === 3 && (
          <Button variant="contained" onClick={close}>
            {t('memberImport.finish')}
          </Button>
        )}
      </DialogActions>
      <ConfirmDialog
        open={confirmingCancel}
        title={t('memberImport.cancelTitle')}
        message={t('memberImport.cancelMessage')}
        confirmLabel={t('memberImport.cancelConfirm')}
        cancelLabel={t('memberImport.cancelKeepGoing')}
        onCancel={() => setConfirmingCancel(false)}
        onConfirm={close}
      />
    </Dialog>
  );
}
