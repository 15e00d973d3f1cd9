import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { isGuestApiError } from '../api/http';
import { MessagePanel } from '../components/States';
import { useI18n, useNamespace } from '../i18n/I18nProvider';
import { forgetKeyCode, keyCodeOf, type KeyKind } from '../lib/guest-codes';
import { navigate } from '../router/navigation';
import { ridePaths } from '../router/routes';
import { keyPageMessages } from './key-locales';
import { portalMessages } from './locales';
import { portalErrorText } from './portal-errors';

/**
 * The key said no (unknown, disabled, expired: a 4xx): its code is no good any more. Not for no answer, a
 * server fault or too many tries, when the key may still be fine and the guest retries.
 */
export const keyRefused = (error: unknown): boolean =>
  isGuestApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 429;

/**
 * The code typed on the portal for this key (lib/guest-codes), read when the page opens; without one the
 * guest goes back to the club's home to type it (spec §2).
 */
export function useStoredKey(kind: KeyKind, siteId: string, keyId: string): string | null {
  const [code] = useState(() => keyCodeOf(kind, siteId, keyId));
  useEffect(() => {
    if (!code) navigate(ridePaths.portalHome(siteId), { replace: true });
  }, [code, siteId]);
  return code;
}

/** Spec §8: after a failed key lookup the stored key is cleared; true when `error` is such a refusal. */
export function useForgetRefusedKey(kind: KeyKind, siteId: string, keyId: string, error: unknown): boolean {
  const refused = keyRefused(error);
  useEffect(() => {
    if (refused) forgetKeyCode(kind, siteId, keyId);
  }, [refused, kind, siteId, keyId]);
  return refused;
}

/** Spec §8: a key that failed its lookup: 'An error occurred', why, and the way back to the club's home. */
export function KeyFailedPanel({ siteId, error }: { siteId: string; error: unknown }) {
  const { t } = useI18n();
  const tp = useNamespace(portalMessages);
  const tk = useNamespace(keyPageMessages);
  return (
    <MessagePanel title={tk('key.failed')} action={{ label: tp('back'), to: ridePaths.portalHome(siteId) }}>
      <Typography>{portalErrorText(tp, t, error)}</Typography>
      <Typography>{tk('key.failedText')}</Typography>
    </MessagePanel>
  );
}
