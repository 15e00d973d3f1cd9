import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from './ConfirmDialog';

export interface UnsavedChangesGuardProps {
  when: boolean;
  /** The question's words, from the page that holds the unsaved work. */
  title: string;
  message: string;
  leaveLabel: string;
  stayLabel: string;
}

/**
 * Asks before leaving the page with unsaved changes: in-app navigation through the router's blocker, and
 * closing or reloading the tab through the browser's own prompt (whose text browsers do not let us set).
 */
export function UnsavedChangesGuard({
  when,
  title,
  message,
  leaveLabel,
  stayLabel,
}: UnsavedChangesGuardProps) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={title}
      message={message}
      confirmLabel={leaveLabel}
      cancelLabel={stayLabel}
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}
