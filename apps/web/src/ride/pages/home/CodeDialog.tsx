import { errorText } from '../../api/errors';
import { guestApi } from '../../api/guest-api';
import { isGuestApiError } from '../../api/http';
import { CodeSheet } from '../../components/CodeSheet';
import { useI18n } from '../../i18n/I18nProvider';
import { saveSession } from '../../lib/ride-storage';
import { navigate } from '../../router/navigation';
import { ridePaths } from '../../router/routes';

/**
 * "Have a code?": the cart's 6-digit code, sent to the unlock call; the ride it opens is the session page.
 * The sheet (digits only, the wait after too many tries) is the one the site portal's cards use too.
 */
export function CodeDialog({ deviceId, onClose }: { deviceId: string; onClose: () => void }) {
  const { t } = useI18n();
  return (
    <CodeSheet
      title={t('code.title')}
      text={t('code.text')}
      submitLabel={t('code.submit')}
      onClose={onClose}
      onSubmit={async (code) => {
        const { session } = await guestApi.unlockWithCode(deviceId, code);
        saveSession({ sessionId: session, deviceId });
        navigate(ridePaths.session(deviceId, session));
      }}
      refusalOf={(failure) => ({
        text: errorText(t, failure),
        wrongCode: isGuestApiError(failure) && failure.code === 'invalidCode',
      })}
    />
  );
}
