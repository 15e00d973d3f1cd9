import type { ReactNode } from 'react';
import { errorText } from '../api/errors';
import { useI18n } from '../i18n/I18nProvider';
import { linkProps } from '../router/navigation';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';

// Plain elements styled by ride.css: every first screen shows one of these (issue 22 item 6).

/** Placeholders while a page loads: the shape of what comes, announced once to screen readers. */
export function LoadingSkeleton() {
  const { t } = useI18n();
  return (
    <div className="rd-stack" role="status" aria-live="polite" aria-busy="true">
      <span className="rd-visually-hidden">{t('app.loading')}</span>
      <span className="rd-skeleton rd-skeleton--text" style={{ width: '60%', height: 48 }} />
      <span className="rd-skeleton rd-skeleton--text" style={{ width: '40%' }} />
      <span className="rd-skeleton" style={{ height: 140 }} />
      <span className="rd-skeleton" style={{ height: 48 }} />
    </div>
  );
}

export function LoadingSpinner({ label }: { label?: string }) {
  const { t } = useI18n();
  return (
    <div className="rd-stack rd-loading" role="status" aria-live="polite">
      <svg className="rd-spinner" viewBox="22 22 44 44" aria-hidden="true" focusable="false">
        <circle cx="44" cy="44" r="20.2" fill="none" strokeWidth="3.6" />
      </svg>
      <p className="rd-text">{label ?? t('app.loading')}</p>
    </div>
  );
}

/** A failed load: why (offline, timeout, the server's word) and a way to try again. */
export function ErrorPanel({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useI18n();
  return (
    <div className="rd-stack">
      <h1 className="rd-h5">{t('errors.title')}</h1>
      <Alert severity="error">{errorText(t, error)}</Alert>
      {onRetry && (
        <Button variant="contained" align="start" onClick={onRetry}>
          {t('app.retry')}
        </Button>
      )}
    </div>
  );
}

/** A page with only a message: not found, ended, refused. */
export function MessagePanel({
  title,
  children,
  icon,
  action,
}: {
  title: string;
  children?: ReactNode;
  icon?: ReactNode;
  action?: { label: string; to: string };
}) {
  return (
    <div className="rd-stack rd-stack--start">
      {icon}
      <h1 className="rd-h5">{title}</h1>
      {children}
      {action && (
        <Button variant="contained" {...linkProps(action.to)}>
          {action.label}
        </Button>
      )}
    </div>
  );
}
