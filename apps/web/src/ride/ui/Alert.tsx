import type { ReactNode } from 'react';
import { Icon } from './icons';

/**
 * MUI's standard Alert (info or error) in plain elements (ride.css). An error is announced as soon as it
 * appears (role alert, as MUI's); an info box keeps the role it is given (a note).
 */
export function Alert({
  severity,
  role,
  children,
}: {
  severity: 'info' | 'error';
  role?: 'alert' | 'note' | 'status';
  children: ReactNode;
}) {
  return (
    <div className={`rd-alert rd-alert--${severity}`} role={role ?? 'alert'}>
      <Icon name={severity === 'info' ? 'infoOutlined' : 'errorOutline'} />
      <div className="rd-alert-message">{children}</div>
    </div>
  );
}
