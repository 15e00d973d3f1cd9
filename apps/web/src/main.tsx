import './lib/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { endSession } from './features/auth/end-session';
import { setSessionExpiredHandler } from './lib/api-client';
import { i18n } from './lib/i18n';
import { showToast } from './lib/notifications';
import { loginPathFor } from './lib/safe-redirect';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

// A session that can no longer be renewed ends like a logout, but brings the user back afterwards.
setSessionExpiredHandler(() => {
  const { pathname, search } = router.state.location;
  endSession();
  showToast(i18n.t('errors.sessionExpired'), 'warning');
  void router
    .navigate(loginPathFor(`${pathname}${search}`), { replace: true })
    .then(() => queryClient.clear());
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App router={router} queryClient={queryClient} />
  </StrictMode>,
);
