import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { useState } from 'react';
import { CodeSheet } from '../components/CodeSheet';
import { useI18n, useNamespace } from '../i18n/I18nProvider';
import { rememberBookingCode, rememberKeyCode } from '../lib/guest-codes';
import { navigate } from '../router/navigation';
import { ridePaths } from '../router/routes';
import { portalMessages } from './locales';
import { portalApi } from './portal-api';
import { codeRefusal } from './portal-errors';

export type PortalCodeKind = 'key' | 'master' | 'booking';

/**
 * The portal's code sheet (spec §2 Code entry sheet): a member's virtual key, the club's master code or a
 * booking's code. The code found is kept (lib/guest-codes) for the page it opens, which sends it with every
 * call; 'remember code' keeps a virtual key on the phone. Loaded when a card is tapped.
 */
export function PortalCodeSheet({
  siteId,
  kind,
  onClose,
}: {
  siteId: string;
  kind: PortalCodeKind;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const tp = useNamespace(portalMessages);
  const [remember, setRemember] = useState(false);

  async function submit(code: string) {
    if (kind === 'booking') {
      const { bookingId } = await portalApi.retrieveBooking(siteId, code);
      rememberBookingCode(bookingId, code);
      navigate(ridePaths.guestBooking(bookingId));
      return;
    }
    const key = await portalApi.key(siteId, code, kind === 'master');
    rememberKeyCode(kind, siteId, key._id, code, remember);
    navigate(
      kind === 'master' ? ridePaths.portalMaster(siteId, key._id) : ridePaths.portalKey(siteId, key._id),
    );
  }

  return (
    <CodeSheet
      title={tp(`sheet.${kind}Title`)}
      text={tp(`sheet.${kind}Text`)}
      submitLabel={tp('sheet.continue')}
      onSubmit={submit}
      refusalOf={(failure) => codeRefusal(tp, t, failure)}
      onClose={onClose}
    >
      {kind === 'key' && (
        <FormControlLabel
          control={<Checkbox checked={remember} onChange={(event) => setRemember(event.target.checked)} />}
          label={tp('sheet.remember')}
          sx={{ minHeight: 44 }}
        />
      )}
    </CodeSheet>
  );
}
