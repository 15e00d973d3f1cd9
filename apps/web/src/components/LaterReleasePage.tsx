import ConstructionIcon from '@mui/icons-material/Construction';
import Container from '@mui/material/Container';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../lib/i18n';
import { EmptyState } from './EmptyState';

interface LaterReleasePageProps {
  titleKey: TranslationKey;
  icon?: ReactNode;
}

/** Placeholder for a screen whose issue comes later: it says so instead of showing a blank page. */
export function LaterReleasePage({ titleKey, icon = <ConstructionIcon /> }: LaterReleasePageProps) {
  const { t } = useTranslation();
  return (
    <Container maxWidth="sm" data-testid="later-release">
      <EmptyState icon={icon} title={t(titleKey)} description={t('placeholder.laterRelease')} />
    </Container>
  );
}
