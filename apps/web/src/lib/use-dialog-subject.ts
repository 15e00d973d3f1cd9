import { useCallback, useState } from 'react';

/**
 * What a dialog is about (a member, a code, a user, an invite), kept after it closes so the dialog shows its
 * content through the exit transition and its running call's callbacks still fire (a mutation's `mutate`
 * callbacks are dropped when the component unmounts). `version` changes with every opening: as a React key it gives each opening a fresh
 * form. `show` and `close` are stable, so memoised rows that call them do not re-render.
 */
export function useDialogSubject<T>() {
  const [subject, setSubject] = useState<{ value: T; version: number } | null>(null);
  const [open, setOpen] = useState(false);
  const show = useCallback((value: T) => {
    setSubject((current) => ({ value, version: (current?.version ?? 0) + 1 }));
    setOpen(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);
  return { subject, open, show, close };
}
