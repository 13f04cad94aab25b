import { Card, Statistic } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export interface Figure {
  label: string;
  value: string;
  /** Where the figure leads, when it has its own screen. */
  to?: string;
}

export type Tone = 'indigo' | 'emerald' | 'amber' | 'sky' | 'rose' | 'violet';

const label = (figure: Figure) => (figure.to ? <Link to={figure.to}>{figure.label}</Link> : figure.label);

/**
 * A dashboard card on antd's Card and Statistic: the lead figure large, the others listed under it;
 * the whole card links when `to` is given.
 */
export function FigureCard({
  title,
  icon,
  tone,
  to,
  figures,
  tag,
}: {
  title: string;
  icon: ReactNode;
  tone: Tone;
  to?: string;
  figures: Figure[];
  /** An antd Tag beside the title ('Live', 'Hot'). */
  tag?: ReactNode;
}) {
  const [lead, ...rest] = figures;
  const card = (
    <Card
      hoverable={Boolean(to)}
      className="shell-figure-card"
      title={
        <span className="shell-figure-card__head">
          <span className={`shell-figure-card__icon shell-tone-${tone}`} aria-hidden>
            {icon}
          </span>
          <h2 className="shell-figure-card__title">{title}</h2>
        </span>
      }
      extra={tag}
    >
      {lead && (
        // The figures come formatted (exact decimals): antd must not re-format them.
        <Statistic title={label(lead)} valueRender={() => lead.value} className="shell-figure-card__lead" />
      )}
      {rest.length > 0 && (
        <dl className="shell-figure-card__figures">
          {rest.map((figure) => (
            <div key={figure.label} className="shell-figure-card__figure">
              <dt>{label(figure)}</dt>
              <dd>{figure.value}</dd>
            </div>
          ))}
        </dl>
      )}
    </Card>
  );
  return to ? (
    // Named by what it shows (WCAG 2.5.3, label in name): the title, then the figures.
    <Link to={to} className="shell-figure-card__link">
      {card}
    </Link>
  ) : (
    <section className="shell-figure-card__box" aria-label={title}>
      {card}
    </section>
  );
}
