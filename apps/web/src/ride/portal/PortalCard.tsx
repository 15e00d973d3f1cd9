import { useId, type ReactNode } from 'react';
import { Button, type ButtonAction } from '../ui/Button';

/**
 * One of the portal home's choices: a heading, what it is for, and its button. Plain elements styled by
 * ride.css: the portal's home is a first screen (issue 22 item 6).
 */
export function PortalCard({
  title,
  text,
  action,
  actionLabel,
  primary = false,
  children,
}: {
  title: string;
  text: string;
  actionLabel: string;
  action: ButtonAction;
  primary?: boolean;
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <section className="rd-card" aria-labelledby={id}>
      <h2 id={id} className="rd-h6">
        {title}
      </h2>
      <p className="rd-card-text rd-secondary">{text}</p>
      {children}
      <Button variant={primary ? 'contained' : 'outlined'} fullWidth size="large" {...action}>
        {actionLabel}
      </Button>
    </section>
  );
}
