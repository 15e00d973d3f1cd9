import { useTranslation } from 'react-i18next';
import { SecretOnceDialog } from '../../components/SecretOnceDialog';

/**
 * The API key, shown once (the server keeps only its hash): right after a client is made or its key is
 * regenerated. The admin copies it here or never sees it again.
 */
export function ApiKeyDialog({
  clientName,
  apiKey,
  onClose,
}: {
  clientName: string;
  apiKey: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <SecretOnceDialog
      secret={apiKey}
      onClose={onClose}
      testId="api-key"
      texts={{
        title: t('adminClients.key.title', { name: clientName }),
        warning: t('adminClients.key.once'),
        label: t('adminClients.key.label'),
        copy: t('adminClients.key.copy'),
        copied: t('adminClients.key.copied'),
        copyFailed: t('adminClients.key.copyFailed'),
        done: t('adminClients.key.done'),
      }}
    />
  );
}
