import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link as RouterLink, useRevalidator, useRouteError } from 'react-router';
import { EmptyState } from '../components/EmptyState';
import { useErrorMessage } from '../components/ErrorState';
import { useTokenInfo } from '../lib/session';

/** A route that failed to load or render: say what happened and offer a way on (retry, go to the map). */
export function RouteErrorBoundary() {
  const { t } = useTranslation();
  const error = useRouteError();
  const revalidator = useRevalidator();
  const message = useErrorMessage(error);
  const notFound = isRouteErrorResponse(error) && error.status === 404;

  if (!notFound) console.error(error);
  return (
    <Container maxWidth="sm">
      <EmptyState
        icon={notFound ? <SearchOffIcon /> : <ErrorOutlineIcon />}
        title={notFound ? t('errors.pageNotFound') : t('errors.somethingWentWrong')}
        description={notFound ? t('errors.pageNotFoundHint') : message}
        action={
          <Stack direction="row" spacing={1}>
            {!notFound && (
              <Button variant="contained" onClick={() => void revalidator.revalidate()}>
                {t('common.retry')}
              </Button>
            )}
            <Button component={RouterLink} to="/" variant={notFound ? 'contained' : 'text'}>
              {t('errors.backToMap')}
            </Button>
          </Stack>
        }
      />
    </Container>
  );
}

/**
 * Unknown addresses. Someone signed in goes back to the map; anyone else is most likely a guest who
 * followed a cart's QR code, so they are told to scan it again rather than offered the operators' app.
 */
export function NotFoundPage() {
  const { t } = useTranslation();
  const signedIn = useTokenInfo() !== null;
  return (
    <EmptyState
      icon={<SearchOffIcon />}
      title={t('errors.pageNotFound')}
      description={signedIn ? t('errors.pageNotFoundHint') : t('errors.pageNotFoundGuestHint')}
      action={
        signedIn ? (
          <Button component={RouterLink} to="/" variant="contained">
            {t('errors.backToMap')}
          </Button>
        ) : undefined
      }
    />
  );
}
