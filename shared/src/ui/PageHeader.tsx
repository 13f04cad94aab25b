import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export interface Crumb {
  label: ReactNode;
  to?: string;
}

export interface PageHeaderProps {
  title: ReactNode;
  subtitle?: ReactNode;
  breadcrumb?: Crumb[];
  /** Buttons at the right; they wrap under the title on narrow screens. */
  actions?: ReactNode;
}

/** Breadcrumb, page title (h1), subtitle and actions. */
export function PageHeader({ title, subtitle, breadcrumb, actions }: PageHeaderProps) {
  return (
    <div className="bo-page-header">
      {breadcrumb && breadcrumb.length > 0 && (
        <nav className="bo-breadcrumb" aria-label="Breadcrumb">
          <ol>
            {breadcrumb.map((crumb, index) => {
              const last = index === breadcrumb.length - 1;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: crumbs are positional
                <li key={index}>
                  {crumb.to && !last ? (
                    <Link to={crumb.to}>{crumb.label}</Link>
                  ) : (
                    <span aria-current={last ? 'page' : undefined}>{crumb.label}</span>
                  )}
                </li>
              );
            })}
          </ol>
        </nav>
      )}
      <div className="bo-page-header__row">
        <div className="bo-page-header__text">
          <h1 className="bo-page-header__title">{title}</h1>
          {subtitle && <p className="bo-page-header__subtitle">{subtitle}</p>}
        </div>
        {actions && <div className="bo-page-header__actions">{actions}</div>}
      </div>
    </div>
  );
}
