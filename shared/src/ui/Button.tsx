import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import { cx } from './cx.ts';

export type ButtonVariant = 'primary' | 'default' | 'link';
export type ButtonSize = 'small' | 'middle';

interface ButtonLook {
  variant?: ButtonVariant;
  size?: ButtonSize;
  icon?: ReactNode;
}

export interface ButtonProps extends ButtonLook, ButtonHTMLAttributes<HTMLButtonElement> {
  /** Shows a spinner and disables the button. */
  loading?: boolean;
}

function buttonClass({ variant = 'default', size = 'middle' }: ButtonLook, className?: string): string {
  return cx('bo-btn', `bo-btn--${variant}`, size === 'small' && 'bo-btn--small', className);
}

/** A native button in antd's look (for the pages kept free of antd); `type` defaults to 'button'. */
export function Button({
  variant,
  size,
  icon,
  loading = false,
  disabled,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={buttonClass({ variant, size }, cx(loading && 'is-loading', className))}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
    >
      {loading ? (
        <span className="bo-btn__spinner" aria-hidden="true" />
      ) : (
        icon && (
          <span className="bo-btn__icon" aria-hidden="true">
            {icon}
          </span>
        )
      )}
      {children}
    </button>
  );
}

export interface ButtonLinkProps extends ButtonLook, LinkProps {}

/** A react-router Link that looks like a Button (antd's Button cannot be a router link). */
export function ButtonLink({ variant, size, icon, className, children, ...rest }: ButtonLinkProps) {
  return (
    <Link {...rest} className={buttonClass({ variant, size }, className)}>
      {icon && (
        <span className="bo-btn__icon" aria-hidden="true">
          {icon}
        </span>
      )}
      {children}
    </Link>
  );
}
