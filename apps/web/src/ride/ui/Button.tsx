import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode } from 'react';

export interface ButtonLook {
  variant?: 'contained' | 'outlined' | 'text';
  size?: 'medium' | 'large';
  fullWidth?: boolean;
  /** its place in a column (a Stack): centred, or at the start instead of stretched */
  align?: 'center' | 'start';
}

/** The props of a button that navigates (`linkProps`) or acts (`onClick` and friends). */
export type ButtonAction =
  | ({ href: string } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'children' | 'className'>)
  | ({ href?: undefined } & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children' | 'className'>);

export type ButtonProps = ButtonLook & ButtonAction & { children: ReactNode };

export function buttonClass({ variant = 'text', size = 'medium', fullWidth, align }: ButtonLook): string {
  return [
    'rd-button',
    `rd-button--${variant}`,
    size === 'large' && 'rd-button--large',
    fullWidth && 'rd-button--full',
    align && `rd-button--${align}`,
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * MUI's Button as the guest pages' first screen draws it (ride.css): an anchor when it navigates, else a
 * button. Plain elements, so the entry needs neither MUI nor Emotion (issue 22 item 6).
 */
export function Button({ variant, size, fullWidth, align, children, ...action }: ButtonProps) {
  const className = buttonClass({ variant, size, fullWidth, align });
  if (action.href !== undefined)
    return (
      <a className={className} {...(action as AnchorHTMLAttributes<HTMLAnchorElement>)}>
        {children}
      </a>
    );
  return (
    <button type="button" className={className} {...(action as ButtonHTMLAttributes<HTMLButtonElement>)}>
      {children}
    </button>
  );
}
