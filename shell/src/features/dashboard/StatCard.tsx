import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export interface Figure {
  label: string;
  value: string;
  /** Where the figure leads, when it has its own screen. */
  to?: string;
}

/** A dashboard card of figures; the whole card links when `to` is given. */
export function StatCard({
  title,
  icon,
  tone,
  to,
  figures,
  badge,
}: {
  title: string;
  icon: ReactNode;
  tone: 'indigo' | 'emerald' | 'amber' | 'sky' | 'rose' | 'violet';
  to?: string;
  figures: Figure[];
  badge?: ReactNode;
}) {
  const [lead, ...rest] = figures;
  const body = (
    <>
      <header className="stat-card__head">
        <span className={`stat-card__icon tone-${tone}`} aria-hidden>
          {icon}
        </span>
        <h2 className="stat-card__title">{title}</h2>
        {badge}
      </header>
      {lead && (
        <p className="stat-card__lead">
          <span className="stat-card__value">{lead.value}</span>
          {lead.to ? (
            <Link to={lead.to} className="stat-card__label">
              {lead.label}
            </Link>
          ) : (
            <span className="stat-card__label">{lead.label}</span>
          )}
        </p>
      )}
      {rest.length > 0 && (
        <dl className="stat-card__figures">
          {rest.map((figure) => (
            <div key={figure.label} className="stat-card__figure">
              <dt>{figure.to ? <Link to={figure.to}>{figure.label}</Link> : figure.label}</dt>
              <dd>{figure.value}</dd>
            </div>
          ))}
        </dl>
      )}
    </>
  );
  return to ? (
    <Link
      to={to}
      className="stat-card stat-card--link"
      aria-label={`${title}: ${lead?.value ?? ''} ${lead?.label ?? ''}`}
    >
      {body}
    </Link>
  ) : (
    <section className="stat-card">{body}</section>
  );
}
