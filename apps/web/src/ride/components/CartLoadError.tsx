import { isNotFound } from '../api/errors';
import { useI18n } from '../i18n/I18nProvider';
import { RideLayout } from './RideLayout';
import { ErrorPanel, MessagePanel } from './States';

/** A cart's page that could not load: an unknown cart (scan the code again), or the error with a retry. */
export function CartLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useI18n();
  if (isNotFound(error))
    return (
      <RideLayout title={t('cart.notFound')}>
        <MessagePanel title={t('cart.notFound')}>
          <p className="rd-text">{t('cart.notFoundText')}</p>
        </MessagePanel>
      </RideLayout>
    );
  return (
    <RideLayout title={t('errors.title')}>
      <ErrorPanel error={error} onRetry={onRetry} />
    </RideLayout>
  );
}
