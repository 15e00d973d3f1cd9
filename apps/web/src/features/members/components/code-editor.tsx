import { isCodeExpired, type CodeView, type MemberView } from '@fairway/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../../lib/use-now';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { CodeCartsField } from './code-carts-field';
import { CodeEmailStatus } from './code-email-status';
import { CodeExpiryField } from './code-expiry-field';
import {
  cartsMissing,
  codeFieldError,
  codeFormReducer,
  codeTypeChoices,
  expiryInPast,
  type CodeFormValues,
} from './code-form';
import { useCodeActions } from './code-actions';
import { CodeValueField } from './code-value-field';

interface CodeEditorProps {
  siteId: string;
  member: MemberView;
  code: CodeView | null;
  keypad: boolean;
  carNumbers: readonly string[];
  initial: CodeFormValues;
  onClose: () => void;
}

/** The Code dialog's fields and actions, once the site (keypad or not) is known. */
export function CodeEditor({ siteId, member, code, keypad, carNumbers, initial, onClose }: CodeEditorProps) {
  const { t } = useTranslation();
  const now = new Date(useNow(30_000));
  const [values, dispatch] = useReducer(codeFormReducer, initial);
  const [touched, setTouched] = useState({ code: false, carts: false });
  const [expiryUnreadable, setExpiryUnreadable] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const actions = useCodeActions({ siteId, member, code, keypad, onClose });

  const problem = actions.takenCode === values.code ? 'taken' : codeFieldError(values.type, values.code);
  const showCodeError = problem !== null && (touched.code || values.code !== '' || problem === 'taken');
  const inPast = !keypad && expiryInPast(values, code, now);
  const invalid = problem !== null || cartsMissing(values) || inPast || (!keypad && expiryUnreadable);

  return (
    <>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {code && isCodeExpired(code, now) && (
            <Alert severity="warning">{t('memberCodes.code.expired')}</Alert>
          )}
          <TextField
            select
            label={t('memberCodes.code.type')}
            value={values.type}
            onChange={(event) =>
              dispatch({ type: 'type', value: event.target.value as CodeFormValues['type'], existing: code })
            }
            fullWidth
          >
            {codeTypeChoices({ member, code, keypad }).map((type) => (
              <MenuItem key={type} value={type}>
                {t(`memberCodes.types.${type}`)}
              </MenuItem>
            ))}
          </TextField>
          <CodeValueField
            type={values.type}
            value={values.code}
            error={showCodeError ? t(`memberCodes.code.errors.${problem}`) : null}
            onChange={(value) => dispatch({ type: 'code', value })}
            onRegenerate={() => dispatch({ type: 'regenerate' })}
            onBlur={() => setTouched((current) => ({ ...current, code: true }))}
          />
          <CodeCartsField
            allDevices={values.allDevices}
            devices={values.devices}
            carNumbers={carNumbers}
            showError={touched.carts}
            onAllDevicesChange={(on) => {
              dispatch({ type: 'allDevices', on });
              setTouched((current) => ({ ...current, carts: true }));
            }}
            onDevicesChange={(picked) => dispatch({ type: 'devices', picked, allCarNumbers: carNumbers })}
            onBlur={() => setTouched((current) => ({ ...current, carts: true }))}
          />
          <FormControlLabel
            label={t('memberCodes.code.enabled')}
            control={
              <Switch
                checked={values.enabled}
                onChange={(event) => dispatch({ type: 'set', values: { enabled: event.target.checked } })}
              />
            }
          />
          {!keypad && (
            <FormControlLabel
              label={t('memberCodes.code.master')}
              control={
                <Switch
                  checked={values.master}
                  onChange={(event) => dispatch({ type: 'set', values: { master: event.target.checked } })}
                />
              }
            />
          )}
          {!keypad && (
            <CodeExpiryField
              expires={values.expires}
              inPast={inPast}
              now={now}
              onToggle={(on) => dispatch({ type: 'expiresOn', on, now })}
              onChange={(expires) => dispatch({ type: 'set', values: { expires } })}
              onUnreadableChange={setExpiryUnreadable}
            />
          )}
          <FormControlLabel
            label={t('memberCodes.code.sendEmail')}
            disabled={member.email.trim() === ''}
            control={
              <Switch
                checked={values.sendEmail}
                onChange={(event) => dispatch({ type: 'set', values: { sendEmail: event.target.checked } })}
              />
            }
          />
          {code && (
            <CodeEmailStatus
              emailSent={actions.emailSent}
              sending={actions.emailing}
              onSend={() => actions.sendEmail(code._id)}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        {code && (
          <Button
            color="error"
            disabled={actions.busy}
            onClick={() => setConfirmingDelete(true)}
            sx={{ mr: 'auto' }}
          >
            {t('memberCodes.delete')}
          </Button>
        )}
        <Button onClick={onClose}>{t('memberCodes.cancel')}</Button>
        <Button
          variant="contained"
          disabled={values.code.trim() === '' || invalid || actions.busy}
          onClick={() => actions.save(values)}
        >
          {t('memberCodes.save')}
        </Button>
      </DialogActions>
      <ConfirmDialog
        open={confirmingDelete}
        title={t('memberCodes.code.deleteTitle')}
        message={t('memberCodes.code.deleteMessage', { name: member.name })}
        confirmLabel={t('memberCodes.delete')}
        onCancel={() => setConfirmingDelete(false)}
        onConfirm={() => {
          setConfirmingDelete(false);
          if (code) actions.remove(code._id);
        }}
      />
    </>
  );
}
