import type { CodeView, MemberView } from '@fairway/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelectedSiteId } from '../../../lib/selected-site';
import { useDevices } from '../../realtime';
import { useSite } from '../../sites';
import { CodeEditor } from './code-editor';
import { initialCodeForm } from './code-form';

export interface CodeDialogProps {
  open: boolean;
  member: MemberView;
  /** null = a new code for the member (type defaults to the first type the member lacks) */
  code: CodeView | null;
  onClose: () => void;
}

const byCarNumber = new Intl.Collator(undefined, { numeric: true });

/**
 * Spec §2/§4 Codes: type, code with regenerate or RFID scan, carts, enabled, master, expiry, email. Full
 * screen on a phone. Mounted per opening (the members page keys it), so every opening starts fresh.
 */
export function CodeDialog({ open, member, code, onClose }: CodeDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const siteId = useSelectedSiteId();
  const site = useSite(siteId);
  const devices = useDevices(siteId);
  const carNumbers = useMemo(
    () =>
      (devices.data ?? [])
        .flatMap((cart) => (cart.carNumber === null ? [] : [cart.carNumber]))
        .sort(byCarNumber.compare),
    [devices.data],
  );
  const keypad = site.data?.keypadEnabled;
  // The starting values depend on the kind of site (which types exist), so they wait for it.
  const initial = useMemo(
    () => (keypad === undefined ? undefined : initialCodeForm({ member, code, keypad })),
    [keypad, member, code],
  );

  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>
        {t(code ? 'memberCodes.code.editTitle' : 'memberCodes.code.newTitle', { name: member.name })}
      </DialogTitle>
      {siteId !== null && keypad !== undefined && initial ? (
        <CodeEditor
          siteId={siteId}
          member={member}
          code={code}
          keypad={keypad}
          carNumbers={carNumbers}
          initial={initial}
          onClose={onClose}
        />
      ) : (
        <>
          <DialogContent>
            {initial === null || site.isError ? (
              <DialogContentText>
                {t(site.isError ? 'memberCodes.siteLoadFailed' : 'memberCodes.code.everyType')}
              </DialogContentText>
            ) : (
              <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
                <CircularProgress aria-label={t('memberCodes.loading')} />
              </Box>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('memberCodes.cancel')}</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
